// The NLP wrapper: sentences, tokens with parts of speech, noun phrases, numbers with units, number words.
import { describe, expect, it } from 'vitest';
import { formatQuantity, nounPhrases, parseNumber, quantities, sentences, tokens } from './nlp.js';
import { longDocument } from './testing/documents.js';

describe('sentences', () => {
  it('splits where wink does, and after a unit written with a full stop or a word glued to it', () => {
    expect(
      sentences(
        'Hold the rinse water at 75 °C for 30 s. Then drain the tank. Staff must wash. Wet hands.',
      ).map((s) => s.text),
    ).toEqual([
      'Hold the rinse water at 75 °C for 30 s.',
      'Then drain the tank.',
      'Staff must wash.',
      'Wet hands.',
    ]);
  });

  it('keeps titles and abbreviations inside their sentence; a paragraph break always ends one', () => {
    const text = 'Dr. Smith signs the form, e.g. the release record.\n\nNo full stop here\n\nNext paragraph.';
    expect(sentences(text).map((s) => s.text)).toEqual([
      'Dr. Smith signs the form, e.g. the release record.',
      'No full stop here',
      'Next paragraph.',
    ]);
  });

  it('an empty or blank text has none', () => {
    for (const text of ['', '   ', '\n\n']) {
      expect(sentences(text)).toEqual([]);
      expect(tokens(text)).toEqual([]);
      expect(quantities(text)).toEqual([]);
      expect(nounPhrases(text)).toEqual([]);
    }
  });

  it('gives offsets into the text', () => {
    const text = '  First one.   Second one!';
    for (const s of sentences(text)) expect(text.slice(s.start, s.end)).toBe(s.text);
  });
});

describe('tokens', () => {
  it('words with part of speech, lemma and offsets, no whitespace', () => {
    const text = 'The filter pressure must not exceed 8.5 bar.\nRecord it.';
    const t = tokens(text);
    expect(t.map((x) => x.text)).toEqual([
      'The',
      'filter',
      'pressure',
      'must',
      'not',
      'exceed',
      '8.5',
      'bar',
      '.',
      'Record',
      'it',
      '.',
    ]);
    for (const x of t) expect(text.slice(x.start, x.end)).toBe(x.text);
    expect(t.find((x) => x.text === 'must')!.pos).toBe('AUX');
    expect(t.find((x) => x.text === '8.5')).toMatchObject({ pos: 'NUM', type: 'number' });
    expect(t.find((x) => x.text === 'exceed')!.negated).toBe(true);
    expect(tokens('Gifts were declared.').find((x) => x.text === 'declared')!.lemma).toBe('declare');
  });
});

describe('noun phrases', () => {
  it('runs of adjectives and nouns, hyphenated words whole, "of" inside a name', () => {
    expect(
      nounPhrases('The Head of Compliance checks the alcohol-based hand rub stock every week.').map(
        (n) => n.text,
      ),
    ).toEqual(['Head of Compliance', 'alcohol-based hand rub stock', 'week']);
  });
});

describe('quantities', () => {
  const one = (text: string) => {
    const q = quantities(text);
    expect(q, text).toHaveLength(1);
    return q[0]!;
  };

  it.each([
    ['The test pressure must not exceed 8.5 bar.', '8.5 bar', 8.5, undefined, 'bar', 'pressure'],
    ['Hold at 75 °C before use.', '75 °C', 75, undefined, '°C', 'temperature'],
    ['Gifts above EUR 50 must be declared.', 'EUR 50', 50, undefined, 'EUR', 'currency'],
    ['Hospitality worth €150 needs approval.', '€150', 150, undefined, 'EUR', 'currency'],
    ['Rub for 20 to 30 seconds.', '20 to 30 seconds', 20, 30, 's', 'time'],
    ['Store between 2 and 8 °C.', '2 and 8 °C', 2, 8, '°C', 'temperature'],
    ['A 10× overdose is fatal.', '10×', 10, undefined, '×', 'multiplier'],
    ['A score below 95% triggers a plan.', '95%', 95, undefined, '%', 'percent'],
    ['Wait twenty-five minutes.', 'twenty-five minutes', 25, undefined, 'min', 'time'],
    ['Freeze at −18 °C.', '−18 °C', -18, undefined, '°C', 'temperature'],
    ['Give 15 mL/kg of fluid.', '15 mL/kg', 15, undefined, 'mL/kg', 'concentration'],
    ['Reply within 3 working days.', '3 working days', 3, undefined, 'working day', 'time'],
    ['The fee is 1,200 USD.', '1,200 USD', 1200, undefined, 'USD', 'currency'],
    ['Inject 10 units of insulin.', '10 units', 10, undefined, 'units', 'count'],
  ])('%s → %s', (text, written, value, max, unit, dimension) => {
    const q = one(text);
    expect(q).toMatchObject({ text: written, value, unit, dimension });
    expect(q.max).toBe(max);
    expect(text.slice(q.start, q.end)).toBe(written);
  });

  it('a rate after a quantity: "2 hours a week", "20 minutes per day"', () => {
    expect(
      quantities('Study 2 hours a week for 6 weeks, or 20 minutes per day.').map((q) => [
        q.text,
        q.value,
        q.unit,
        q.per,
      ]),
    ).toEqual([
      ['2 hours a week', 2, 'h', 'week'],
      ['6 weeks', 6, 'week', undefined],
      ['20 minutes per day', 20, 'min', 'day'],
    ]);
  });

  it('a unit written with a full stop ends before it; glued units are read', () => {
    expect(quantities('Wait 30 s. Then rinse for 24h and dose 10x.').map((q) => q.text)).toEqual([
      '30 s',
      '24h',
      '10x',
    ]);
  });

  it('bare numbers, years, versions and steps are not quantities', () => {
    expect(quantities('Since 2024, version 3.2 of step 4 applies to 12 wards and 3 x 4 grids.')).toEqual([]);
  });

  it('finds them in a 100,000-character document', () => {
    const qs = quantities(longDocument(100_000));
    expect(qs.length).toBeGreaterThan(500);
    expect(qs.every((q) => q.unit)).toBe(true);
  });
});

describe('numbers', () => {
  it.each([
    ['1,200', 1200],
    ['8,5', 8.5],
    ['1.200,50', 1200.5],
    ['-18', -18],
    ['twenty-five', 25],
    ['three hundred and twenty', 320],
    ['two thousand', 2000],
    ['seven', 7],
  ])('%s → %d', (text, value) => expect(parseNumber(text)).toBe(value));

  it('is undefined for anything else', () => {
    expect(parseNumber('several')).toBeUndefined();
    expect(parseNumber('3.2.1')).toBeUndefined();
  });

  it("writes other values in the quantity's own style", () => {
    const [eur, euro, range, hours, comma] = quantities('EUR 50, €150, 20 to 30 seconds, 2 hours, 8,5 bar');
    expect(formatQuantity(eur!, 100)).toBe('EUR 100');
    expect(formatQuantity(euro!, 120)).toBe('€120');
    expect(formatQuantity(range!, 10, 15)).toBe('10 to 15 seconds');
    expect(formatQuantity(hours!, 1)).toBe('1 hour');
    expect(formatQuantity(comma!, 6.5)).toBe('6,5 bar');
  });
});
