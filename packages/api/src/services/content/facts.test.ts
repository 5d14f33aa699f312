// Facts found in realistic documents, read through the real extractors: the values, units, comparators, steps
// and negations found; that headers, owners, titles, revision tables and fragments never become facts; and that
// every quote is verbatim in the stored chunk of its part.
import { describe, expect, it } from 'vitest';
import { chunkText } from '../files/chunking.js';
import type { ExtractKind } from '../files/extractors.js';
import { docxFile, pdfFile, pptxFile, xlsxFile } from '../files/testing/fixtures.js';
import { structureDocument } from './document.js';
import {
  extractFacts,
  nearbyValues,
  negate,
  QUOTE_MAX,
  type Fact,
  type ProcedureFact,
  type QuantityFact,
  type RuleFact,
} from './facts.js';
import { quantities } from './nlp.js';
import {
  ANTI_BRIBERY_DOCX,
  GMP_SOP_PDF_PAGES,
  HACCP_SHEET,
  HACCP_SHEET_TEXT,
  HAND_HYGIENE_TXT,
  longDocument,
  SEPSIS_SLIDES,
  storedText,
} from './testing/documents.js';

/** What the extraction worker stores for a file (its text and chunks) and the facts read from that text. */
async function read(kind: ExtractKind, file: Uint8Array | string) {
  const stored = typeof file === 'string' ? file : await storedText(kind, file);
  const chunks = chunkText(stored);
  const facts = extractFacts(structureDocument(stored, kind));
  return { stored, chunks, facts };
}

const of = <K extends Fact['kind']>(facts: Fact[], kind: K) =>
  facts.filter((f): f is Extract<Fact, { kind: K }> => f.kind === kind);
const quantity = (facts: Fact[], text: string) => {
  const found = of(facts, 'quantity').filter((q) => q.quantity.text === text);
  expect(found, text).toHaveLength(1);
  return found[0]!;
};
const rule = (facts: Fact[], start: string) => {
  const found = of(facts, 'rule').filter((r) => r.text.startsWith(start));
  expect(found, start).toHaveLength(1);
  return found[0]!;
};

/** Every quote (and every step's quote) is verbatim in the stored chunk of its part; texts are clean sentences. */
function expectGrounded(facts: Fact[], chunks: { text: string }[]) {
  expect(facts.length).toBeGreaterThan(0);
  for (const f of facts) {
    const quotes = f.kind === 'procedure' ? [f, ...f.steps] : [f];
    for (const q of quotes) {
      expect(chunks[q.part]?.text, `${f.kind}: ${q.quote}`).toContain(q.quote);
      expect(q.quote.length).toBeLessThanOrEqual(QUOTE_MAX);
    }
    expect(f.text).toMatch(/^[A-Z0-9"“(].*[.!?]["”)]?$/);
    if (f.kind === 'quantity') expect(f.quote.slice(f.quantity.start, f.quantity.end)).toBe(f.quantity.text);
  }
}

/** No fact comes from a header, footer, owner line, title, revision table or sentence fragment. */
function expectNoBoilerplate(facts: Fact[], banned: string[]) {
  for (const f of facts) {
    for (const b of banned) {
      expect(f.text, f.text).not.toContain(b);
      expect(f.quote, f.quote).not.toContain(b);
    }
    expect(f.text).not.toMatch(/\b(the|a|an|of|and|or|to|with|An)\.$/);
  }
}

describe('a hard-wrapped hand-hygiene procedure (plain text)', async () => {
  const { facts, chunks } = await read('txt', Buffer.from(HAND_HYGIENE_TXT));

  it('finds the rules, with faithful negations', () => {
    const rub = rule(facts, 'Alcohol-based hand rub must be applied');
    expect(rub).toMatchObject({
      polarity: 'positive',
      modality: 'must',
      subject: 'Alcohol-based hand rub',
      action: 'be applied for at least 20 seconds and until the hands are dry',
      negation: 'Alcohol-based hand rub may be applied for less than 20 seconds.',
      heading: 'Hand rub technique',
    });
    expect(rule(facts, 'An alcohol-based hand rub must not be used')).toMatchObject({
      polarity: 'negative',
      text: 'An alcohol-based hand rub must not be used when hands are visibly soiled.',
      negation: 'An alcohol-based hand rub may be used when hands are visibly soiled.',
    });
    expect(rule(facts, 'Staff must never wear').negation).toBe(
      'Staff may wear wrist watches, stoned rings or false nails in clinical areas.',
    );
    expect(rule(facts, 'Staff with dermatitis').negation).toBe(
      'Staff with dermatitis or cracked skin may report it to Occupational Health after more than 7 days.',
    );
    expect(rule(facts, 'Hands must always be washed').negation).toMatch(
      /^Hands need not be washed with soap/,
    );
    // "This procedure describes how and when staff must …" reports a rule; it is not one
    expect(of(facts, 'rule').some((r) => r.text.startsWith('This procedure'))).toBe(false);
  });

  it('finds the quantities with their units, comparators and what they measure', () => {
    expect(quantity(facts, '20 seconds')).toMatchObject({
      value: 20,
      unit: 's',
      comparator: 'at_least',
      blank: 'Alcohol-based hand rub must be applied for at least ____ and until the hands are dry.',
    });
    expect(quantity(facts, '70%')).toMatchObject({ value: 70, unit: '%', comparator: 'at_least' });
    expect(quantity(facts, '7 days')).toMatchObject({
      value: 7,
      unit: 'day',
      comparator: 'within',
      measure: 'time to report',
    });
    expect(quantity(facts, '95%')).toMatchObject({ value: 95, comparator: 'less_than' });
    expect(quantity(facts, '14 days')).toMatchObject({
      value: 14,
      comparator: 'within',
      measure: 'time to send',
    });
    expect(quantity(facts, '3 ml')).toMatchObject({ value: 3, unit: 'mL', measure: 'usual dose' });
    // the table: each row's contact time, said as a sentence
    const contact = of(facts, 'quantity').filter((q) => q.heading === 'Hand hygiene products');
    expect(contact.map((q) => [q.text, q.value, q.max, q.unit, q.comparator])).toEqual([
      ['For Liquid soap, the contact time is 40 to 60 seconds.', 40, 60, 's', 'between'],
      ['For Alcohol hand rub, the contact time is 20 to 30 seconds.', 20, 30, 's', 'between'],
      ['For Surgical scrub, the contact time is 2 minutes.', 2, undefined, 'min', 'exactly'],
    ]);
  });

  it('finds the numbered steps in order, each a full sentence', () => {
    const [procedure, ...more] = of(facts, 'procedure');
    expect(more).toEqual([]);
    expect(procedure!.title).toBe('Hand washing technique');
    expect(procedure!.steps.map((s) => [s.ordinal, s.text])).toEqual([
      [1, 'Wet hands with warm running water.'],
      [2, 'Apply enough liquid soap to cover all hand surfaces.'],
      [
        3,
        'Rub hands palm to palm, then rub the back of each hand with the palm of the other hand with interlaced fingers.',
      ],
      [4, 'Rub the thumbs and fingertips, paying attention to the areas that are most often missed.'],
      [5, 'Rinse hands thoroughly under running water.'],
      [6, 'Dry hands with a single-use paper towel and use the towel to turn off the tap.'],
    ]);
  });

  it('finds the definitions, roles and the form code', () => {
    expect(of(facts, 'definition').map((d) => [d.term, d.text])).toEqual([
      [
        'Hand hygiene',
        'Hand hygiene is a general term for cleaning hands with soap and water or with alcohol-based hand rub.',
      ],
      [
        'Alcohol-based hand rub (ABHR)',
        'Alcohol-based hand rub (ABHR) means a gel or liquid containing at least 70% alcohol that is applied to the hands to reduce the number of micro-organisms.',
      ],
      [
        'Point of care',
        'Point of care is the place where the patient, the healthcare worker and care involving patient contact come together.',
      ],
    ]);
    expect(of(facts, 'role').map((r) => [r.role, r.responsibility])).toEqual([
      [
        'Ward managers',
        'making sure that hand rub is available at every point of care and that monthly hand hygiene audits are carried out',
      ],
      ['The Infection Prevention and Control Team', 'training, audit reporting and advice'],
    ]);
    expect(of(facts, 'form_code').map((c) => c.code)).toEqual(['IPC-F-021']);
  });

  it('never takes a fact from the header, footer, owner, title or revision table; quotes are verbatim', () => {
    expectNoBoilerplate(facts, [
      'Northbridge',
      'Page 1',
      'Uncontrolled',
      'Document owner',
      'Approved by',
      'Version',
      'J. Patel',
      'HAND HYGIENE PROCEDURE',
      'IPC-PR-004',
    ]);
    expectGrounded(facts, chunks);
  });
});

describe('a pharma GMP SOP (pdf)', async () => {
  const { facts, chunks } = await read('pdf', await pdfFile(GMP_SOP_PDF_PAGES));

  it('finds the thresholds: 8.5 bar at most, 75 °C for 30 s, 24 hours', () => {
    expect(quantity(facts, '8.5 bar')).toMatchObject({
      value: 8.5,
      unit: 'bar',
      dimension: 'pressure',
      comparator: 'at_most',
      measure: 'filter integrity test pressure',
    });
    expect(quantity(facts, '75 °C')).toMatchObject({
      value: 75,
      unit: '°C',
      comparator: 'exactly',
      measure: 'rinse water',
    });
    expect(quantity(facts, '30 s')).toMatchObject({ value: 30, unit: 's', measure: 'how long to hold' });
    expect(quantity(facts, '24 hours')).toMatchObject({ value: 24, unit: 'h', comparator: 'within' });
    expect(quantity(facts, '10 minutes')).toMatchObject({
      value: 10,
      unit: 'min',
      measure: 'how long to flush',
    });
  });

  it('negates its rules faithfully', () => {
    expect(rule(facts, 'The filter integrity test pressure').negation).toBe(
      'The filter integrity test pressure may exceed 8.5 bar.',
    );
    expect(rule(facts, 'Rinse water').negation).toBe(
      'Rinse water for the final rinse need not be held at 75 °C for 30 s before use.',
    );
    expect(rule(facts, 'Only the QA Manager')).toMatchObject({
      modality: 'only',
      subject: 'the QA Manager',
      negation: 'Someone other than the QA Manager may release a filter that has failed a first test.',
    });
  });

  it('finds the procedure with the step the line break cut joined, and the form codes with their names', () => {
    const [procedure] = of(facts, 'procedure') as ProcedureFact[];
    expect(procedure!.steps.map((s) => s.text)).toEqual([
      'Flush the filter with purified water for 10 minutes.',
      'Wet the membrane completely with the test fluid.',
      'Raise the upstream pressure slowly until the bubble point is reached.',
      'Record the bubble point on form QA-F-017 (Filter Integrity Test Record).',
      'Release the pressure and drain the filter housing.',
    ]);
    expect(of(facts, 'form_code').map((c) => [c.code, c.name])).toEqual([
      ['QA-F-017', 'Filter Integrity Test Record'],
      ['QA-F-022', undefined],
    ]);
  });

  it('finds the definitions and roles; the hyphenated word is whole', () => {
    expect(of(facts, 'definition').map((d) => d.term)).toEqual(['Bubble point', 'Batch record']);
    expect(of(facts, 'role').map((r) => [r.role, r.responsibility])).toEqual([
      ['The QA Manager', 'the release of every filter after the integrity test'],
      ['Production operators', 'carrying out the procedure and recording the results'],
    ]);
  });

  it('no header, owner, version or title; quotes verbatim', () => {
    expectNoBoilerplate(facts, [
      'Helix',
      'SOP-QA-031',
      'Document owner',
      'Version 4.0',
      'CLEANING AND INTEGRITY',
    ]);
    expectGrounded(facts, chunks);
  });
});

describe('an anti-bribery policy (docx)', async () => {
  const { facts, chunks } = await read('docx', await docxFile(ANTI_BRIBERY_DOCX.map((p) => p.text)));

  it('finds the gift limits EUR 50 and EUR 150 and what they limit', () => {
    const fifty = of(facts, 'quantity').filter((q) => q.quantity.text === 'EUR 50');
    expect(fifty.map((q) => [q.comparator, q.measure])).toEqual([
      ['at_most', 'gifts'],
      ['more_than', 'gifts'],
    ]);
    expect(quantity(facts, 'EUR 150')).toMatchObject({
      value: 150,
      unit: 'EUR',
      dimension: 'currency',
      comparator: 'more_than',
    });
    expect(quantity(facts, '5 working days')).toMatchObject({
      comparator: 'within',
      measure: 'time to declare',
    });
  });

  it('finds the rules and their negations', () => {
    expect(rule(facts, 'Gifts worth more than EUR 50').negation).toBe(
      'Gifts worth more than EUR 50 may be declared in the gift register after more than 5 working days.',
    );
    expect(rule(facts, 'Gifts or hospitality').negation).toBe(
      'Gifts or hospitality worth more than EUR 150 need not be approved in advance by the Compliance Officer.',
    );
    expect(rule(facts, 'Employees must never').negation).toBe(
      'Employees may offer or accept cash or cash equivalents, whatever the amount.',
    );
    expect(rule(facts, 'Facilitation payments are prohibited')).toMatchObject({
      modality: 'prohibited',
      negation: 'Facilitation payments are permitted, even where they are customary.',
    });
    expect(of(facts, 'rule').some((r) => r.text.startsWith('This policy sets out'))).toBe(false);
  });

  it('finds the roles, definitions and Form HR-12; not the owner or version lines', () => {
    expect(of(facts, 'role').map((r) => r.role)).toEqual(['The Compliance Officer', 'Line managers']);
    expect(of(facts, 'definition').map((d) => d.term)).toEqual(['Facilitation payment', 'Public official']);
    expect(of(facts, 'form_code').map((c) => c.code)).toEqual(['HR-12']);
    expectNoBoilerplate(facts, ['Policy owner', 'Version 2.1', 'Anti-Bribery and Corruption Policy']);
    expectGrounded(facts, chunks);
  });
});

describe('a slide deck (pptx)', async () => {
  const { facts, chunks } = await read('pptx', await pptxFile(SEPSIS_SLIDES));

  it('reads thresholds from the bullets; titles are not facts and unnumbered bullets are not a procedure', () => {
    expect(of(facts, 'quantity').map((q) => [q.quantity.text, q.comparator, q.measure])).toEqual([
      ['5', 'at_least', 'NEWS2 score'],
      ['30 minutes', 'within', 'time to escalate'],
      ['94%', 'more_than', 'saturations'],
      ['500 ml', 'exactly', 'fluid bolus'],
    ]);
    expect(quantity(facts, '5')).toMatchObject({
      unit: '',
      dimension: 'score',
      text: 'Use the sepsis screening tool for any patient with a NEWS2 score of 5 or more.',
    });
    expect(of(facts, 'procedure')).toEqual([]);
    expectNoBoilerplate(facts, ['Recognising Sepsis', 'Slide']);
    expectGrounded(facts, chunks);
  });
});

describe('a spreadsheet (xlsx)', () => {
  it('reads each row against its header: limits with their comparators, who is responsible', async () => {
    const { facts, chunks } = await read('xlsx', await xlsxFile({ Limits: HACCP_SHEET }));
    expect(of(facts, 'quantity').map((q) => [q.text, q.quantity.text, q.comparator])).toEqual([
      ['For Cooking, the critical limit is core temperature at least 75 °C for 30 s.', '75 °C', 'at_least'],
      ['For Cooking, the critical limit is core temperature at least 75 °C for 30 s.', '30 s', 'exactly'],
      ['For Chilling, the critical limit is below 5 °C within 90 minutes.', '5 °C', 'less_than'],
      ['For Chilling, the critical limit is below 5 °C within 90 minutes.', '90 minutes', 'within'],
      ['For Hot holding, the critical limit is above 63 °C.', '63 °C', 'more_than'],
      ['For Hot holding, the monitoring is check every 2 hours.', '2 hours', 'exactly'],
      ['For Cold storage, the critical limit is at most 8 °C.', '8 °C', 'at_most'],
    ]);
    expect(of(facts, 'role').map((r) => r.text)).toEqual([
      'Chef is responsible for Cooking (monitoring: probe every batch).',
      'Kitchen porter is responsible for Chilling (monitoring: blast chiller log).',
      'Shift supervisor is responsible for Hot holding (monitoring: check every 2 hours).',
      'Shift supervisor is responsible for Cold storage (monitoring: fridge log twice daily).',
    ]);
    expectNoBoilerplate(facts, ['Sheet: Limits', 'Step | Hazard']);
    expectGrounded(facts, chunks);
  });

  it('the same rows written "A | B | C" give the same facts', async () => {
    const fromSheet = (await read('xlsx', await xlsxFile({ Limits: HACCP_SHEET }))).facts;
    const { facts, chunks } = await read('xlsx', HACCP_SHEET_TEXT);
    expect(facts.map((f) => f.text)).toEqual(fromSheet.map((f) => f.text));
    expectGrounded(facts, chunks);
  });
});

describe('tables in documents', () => {
  it('a threshold in the first column, roles listed by role, a code in a cell', () => {
    const stored = [
      '## Value thresholds',
      '',
      '| Value | What you must do |',
      '| --- | --- |',
      '| Up to EUR 50 | May be accepted. Record it within 5 working days. |',
      '| Over EUR 150 | Needs approval from the Compliance Officer on form ABC-3. |',
      '',
      '## Responsibilities',
      '',
      '| Role | Responsibility |',
      '| --- | --- |',
      '| Line 2 operator | Probes every batch and records the readings. |',
      '| Marshaller | Guiding the aircraft onto the stand. |',
    ].join('\n');
    const facts = extractFacts(structureDocument(stored, 'docx'));
    expect(of(facts, 'quantity').map((q) => [q.quantity.text, q.comparator, q.measure, q.text])).toEqual([
      ['EUR 50', 'at_most', 'value', 'Up to EUR 50: May be accepted. Record it within 5 working days.'],
      [
        '5 working days',
        'within',
        'time to record (Up to EUR 50)',
        'Up to EUR 50: May be accepted. Record it within 5 working days.',
      ],
      [
        'EUR 150',
        'more_than',
        'value',
        'Over EUR 150: Needs approval from the Compliance Officer on form ABC-3.',
      ],
    ]);
    expect(of(facts, 'form_code').map((c) => c.code)).toEqual(['ABC-3']);
    expect(of(facts, 'role').map((r) => r.text)).toEqual([
      'Line 2 operator probes every batch and records the readings.',
      'Marshaller is responsible for guiding the aircraft onto the stand.',
    ]);
    expectGrounded(facts, chunkText(stored));
  });
});

describe('negate', () => {
  it.each([
    [
      'Alcohol-based hand rub must be applied for at least 20 seconds.',
      'Alcohol-based hand rub may be applied for less than 20 seconds.',
    ],
    ['Temperatures must not exceed 8 °C.', 'Temperatures may exceed 8 °C.'],
    ['Samples must be stored below 5 °C.', 'Samples may be stored above 5 °C.'],
    ['Incidents must be reported within 24 hours.', 'Incidents may be reported after more than 24 hours.'],
    ['Passwords must be at least 12 characters long.', 'Passwords may be less than 12 characters long.'],
    [
      'Before touching a patient, staff must clean their hands.',
      'Before touching a patient, staff need not clean their hands.',
    ],
    [
      'All staff must complete the training every 12 months.',
      'Staff need not complete the training every 12 months.',
    ],
    ['Never recap used needles.', 'You may recap used needles.'],
    ['Do not leave the trolley unattended.', 'You may leave the trolley unattended.'],
    [
      'Always wear gloves when handling cytotoxic drugs.',
      'You need not wear gloves when handling cytotoxic drugs.',
    ],
    ["The nurse always checks the patient's identity.", "The nurse need not check the patient's identity."],
    ['Smoking is prohibited on site.', 'Smoking is permitted on site.'],
    ['Visitors are not permitted in the plant room.', 'Visitors are permitted in the plant room.'],
    [
      'A risk assessment is required before work starts.',
      'A risk assessment is not required before work starts.',
    ],
    [
      'Protective eyewear is mandatory in the laboratory.',
      'Protective eyewear is optional in the laboratory.',
    ],
    [
      'Only trained staff may operate the autoclave.',
      'Someone other than trained staff may operate the autoclave.',
    ],
    ['The operator shall record the pressure.', 'The operator need not record the pressure.'],
  ])('%s', (sentence, negation) => expect(negate(sentence)).toBe(negation));

  it('null when there is no rule or no faithful negation', () => {
    expect(negate('The sky is blue.')).toBeNull();
    expect(negate('Alcohol hand rub may only be used on visibly clean hands.')).toBeNull();
  });

  it('a rule fact carries its negation', async () => {
    const { facts } = await read('txt', Buffer.from(HAND_HYGIENE_TXT));
    const r = of(facts, 'rule')[0] as RuleFact;
    expect(negate(r)).toBe(r.negation);
  });
});

describe('nearbyValues', () => {
  const q = (text: string) => quantities(`Use ${text} here.`)[0]!;

  it.each([
    ['8.5 bar', ['6 bar', '10 bar', '12 bar']],
    ['EUR 50', ['EUR 40', 'EUR 60', 'EUR 75']],
    ['€150', ['€100', '€120', '€200']],
    ['75 °C', ['65 °C', '70 °C', '80 °C']],
    ['20 seconds', ['10 seconds', '15 seconds', '30 seconds']],
    ['24 hours', ['12 hours', '36 hours', '48 hours']],
    ['2 hours', ['1 hour', '3 hours', '4 hours']],
    ['20 to 30 seconds', ['10 to 15 seconds', '15 to 20 seconds', '30 to 45 seconds']],
  ])('%s → %j', (text, expected) => expect(nearbyValues(q(text)).map((v) => v.text)).toEqual(expected));

  it('never the value itself, the unit kept, not absurd, percentages within 0–100', () => {
    for (const text of [
      '8.5 bar',
      'EUR 50',
      '95%',
      '10×',
      '3 ml',
      '-18 °C',
      '5 working days',
      '1,200 USD',
      '0.5 mg',
      '12 months',
    ]) {
      const quantity = q(text);
      const near = nearbyValues(quantity, 4);
      expect(near, text).toHaveLength(4);
      for (const v of near) {
        expect(v.value, text).not.toBe(quantity.value);
        expect(quantities(`Use ${v.text} here.`)[0]!.unit, v.text).toBe(quantity.unit);
        if (quantity.value > 0 && quantity.dimension !== 'percent') {
          expect(v.value / quantity.value).toBeGreaterThan(0.3);
          expect(v.value / quantity.value).toBeLessThan(3.1);
        }
        if (quantity.dimension === 'percent') expect(v.value).toBeLessThanOrEqual(100);
      }
      expect(
        near.some((v) => v.value < quantity.value) && near.some((v) => v.value > quantity.value),
        text,
      ).toBe(true);
    }
  });

  it('a score without a unit gets neighbouring whole numbers', async () => {
    const { facts } = await read('pptx', await pptxFile(SEPSIS_SLIDES));
    const news = of(facts, 'quantity').find((f) => f.measure === 'NEWS2 score') as QuantityFact;
    expect(nearbyValues(news.quantity).map((v) => v.text)).toEqual(['3', '4', '6']);
  });
});

describe('a long document', () => {
  it('finds the facts of 100,000 characters, all grounded', async () => {
    const { facts, chunks } = await read('txt', Buffer.from(longDocument(100_000)));
    expect(of(facts, 'procedure').length).toBeGreaterThan(150);
    expect(of(facts, 'quantity').length).toBeGreaterThan(300);
    expect(of(facts, 'form_code').length).toBeGreaterThan(150);
    expectNoBoilerplate(facts, ['Northwind Chemicals', 'Page ']);
    expectGrounded(facts, chunks);
  });
});

describe('a method table ("Method | Use when | Duration", xlsx)', async () => {
  const { facts, chunks } = await read(
    'xlsx',
    await xlsxFile({
      Methods: [
        ['Method', 'Use when', 'Duration'],
        ['Alcohol-based hand rub', 'Hands are visibly clean', '20–30 seconds'],
        [
          'Liquid soap and water',
          'Hands are visibly soiled, or after caring for a patient with suspected C. difficile',
          '40–60 seconds',
        ],
      ],
    }),
  );

  it('says when to use each method as a rule with a faithful negation, beside its duration', () => {
    expect(rule(facts, 'Use liquid soap and water when')).toMatchObject({
      text: 'Use liquid soap and water when hands are visibly soiled, or after caring for a patient with suspected C. difficile.',
      negation:
        'Liquid soap and water need not be used when hands are visibly soiled, or after caring for a patient with suspected C. difficile.',
    });
    expect(rule(facts, 'Use alcohol-based hand rub when').text).toBe(
      'Use alcohol-based hand rub when hands are visibly clean.',
    );
    quantity(facts, '40–60 seconds');
    expectGrounded(facts, chunks);
  });
});
