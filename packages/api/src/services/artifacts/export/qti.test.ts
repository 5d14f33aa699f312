import { parse, validate } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { QTI_NS, quizToQti } from './qti.js';
import { NASTY, quizFixture } from './test-fixtures.js';

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const options = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseNodeValue: false,
  parseAttributeValue: false,
  arrayMode: false,
  tagValueProcessor: (v: string) => decode(v),
  attrValueProcessor: (v: string) => decode(v),
};
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/* eslint-disable @typescript-eslint/no-explicit-any -- parsed XML is untyped */
describe('quizToQti', () => {
  const files = Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(quizToQti(quizFixture)))).map(([k, v]) => [k, strFromU8(v)]),
  );
  const doc = (path: string): any => {
    expect(validate(files[path]!), path).toBe(true);
    return parse(files[path]!, options);
  };

  it('zips a manifest, an assessmentTest and one well-formed item per question', () => {
    expect(Object.keys(files).sort()).toEqual([
      'assessmentTest.xml',
      'imsmanifest.xml',
      'items/item-1.xml',
      'items/item-2.xml',
      'items/item-3.xml',
      'items/item-4.xml',
      'items/item-5.xml',
    ]);
    const manifest = doc('imsmanifest.xml').manifest;
    expect(manifest['@_xmlns']).toBe('http://www.imsglobal.org/xsd/imscp_v1p1');
    const resources = list<any>(manifest.resources.resource);
    expect(resources.map((r) => [r['@_type'], r['@_href']])).toEqual([
      ['imsqti_test_xmlv2p1', 'assessmentTest.xml'],
      ...[1, 2, 3, 4, 5].map((i) => ['imsqti_item_xmlv2p1', `items/item-${i}.xml`]),
    ]);
    expect(list<any>(resources[0].dependency)).toHaveLength(5);
    const test = doc('assessmentTest.xml').assessmentTest;
    expect(test['@_xmlns']).toBe(QTI_NS);
    const refs = list<any>(test.testPart.assessmentSection.assessmentItemRef);
    expect(refs.map((r) => r['@_href'])).toEqual([1, 2, 3, 4, 5].map((i) => `items/item-${i}.xml`));
  });

  it('writes a single choice item with its correct response and per-option feedback', () => {
    const item = doc('items/item-1.xml').assessmentItem;
    expect(item['@_xmlns']).toBe(QTI_NS);
    expect(item.responseDeclaration['@_cardinality']).toBe('single');
    expect(item.responseDeclaration.correctResponse.value).toBe('A');
    const interaction = item.itemBody.choiceInteraction;
    expect(interaction['@_maxChoices']).toBe('1');
    expect(interaction.prompt).toContain(NASTY);
    expect(list<any>(interaction.simpleChoice).map((c) => c['#text'])).toEqual(
      quizFixture.items[0]!.options.map((o) => o.text),
    );
    const feedback = list<any>(item.modalFeedback);
    expect(feedback.map((f) => [f['@_outcomeIdentifier'], f['@_identifier'], f['#text']])).toEqual([
      ['FEEDBACK', 'A', 'Yes = moment 1.'],
      ['FEEDBACK', 'B', 'That is moment #3.'],
      ['GENERAL_FEEDBACK', 'SHOWN', 'Moment 1 protects the patient.'],
    ]);
    expect(files['items/item-1.xml']).not.toContain('<script>');
  });

  it('writes multiple choice with every key and a weighted mapping', () => {
    const item = doc('items/item-2.xml').assessmentItem;
    expect(item.responseDeclaration['@_cardinality']).toBe('multiple');
    expect(list(item.responseDeclaration.correctResponse.value)).toEqual(['A', 'B', 'D']);
    const entries = list<any>(item.responseDeclaration.mapping.mapEntry);
    expect(entries.map((e) => Number(e['@_mappedValue']))).toEqual([0.33333, 0.33333, 0, 0.33333]);
    expect(item.itemBody.choiceInteraction['@_maxChoices']).toBe('0');
  });

  it('a choice item with one key is single-answer (maxChoices 1, single cardinality), whatever its type says', () => {
    const q2 = quizFixture.items[1]!;
    const oneKey = {
      ...quizFixture,
      items: [
        { ...q2, options: q2.options.map((o, i) => ({ ...o, correct: i === 0 })) },
        {
          ...q2,
          type: 'single_choice' as const,
          options: q2.options.map((o, i) => ({ ...o, correct: i === 1 })),
        },
      ],
    };
    const out = Object.fromEntries(
      Object.entries(unzipSync(new Uint8Array(quizToQti(oneKey)))).map(([k, v]) => [k, strFromU8(v)]),
    );
    for (const [path, key] of [
      ['items/item-1.xml', 'A'],
      ['items/item-2.xml', 'B'],
    ] as const) {
      expect(validate(out[path]!), path).toBe(true);
      const item = (parse(out[path]!, options) as any).assessmentItem;
      expect([path, item.itemBody.choiceInteraction['@_maxChoices']]).toEqual([path, '1']);
      expect(item.responseDeclaration['@_cardinality']).toBe('single');
      expect(item.responseDeclaration.correctResponse.value).toBe(key);
      expect(item.responseDeclaration.mapping).toBeUndefined();
      expect(out[path]).toContain('<correct identifier="RESPONSE"/>');
      expect(out[path]).toContain('<outcomeDeclaration identifier="FEEDBACK" cardinality="single"');
    }
  });

  it('writes a text entry for short answers, accepting each answer', () => {
    const item = doc('items/item-4.xml').assessmentItem;
    expect(item.responseDeclaration['@_baseType']).toBe('string');
    expect(item.responseDeclaration.correctResponse.value).toBe('alcohol rub');
    expect(list<any>(item.responseDeclaration.mapping.mapEntry).map((e) => e['@_mapKey'])).toEqual([
      'alcohol rub',
      'hand sanitiser',
      'rub = gel',
    ]);
    expect(item.itemBody.p[1].textEntryInteraction['@_responseIdentifier']).toBe('RESPONSE');
  });

  it('writes a match interaction with directed pairs as the correct response', () => {
    const item = doc('items/item-5.xml').assessmentItem;
    expect(item.responseDeclaration['@_baseType']).toBe('directedPair');
    expect(list(item.responseDeclaration.correctResponse.value)).toEqual(['L1 R1', 'L2 R2', 'L3 R3']);
    const sets = list<any>(item.itemBody.matchInteraction.simpleMatchSet);
    expect(sets).toHaveLength(2);
    expect(list<any>(sets[1].simpleAssociableChoice).map((c) => c['#text'])).toEqual([
      'Moment 1',
      'Moment 2',
      'Moment 3 {risk}',
    ]);
  });
});
