// QTI 2.1 content package (IMS CP): imsmanifest.xml, one assessmentItem per question under items/ and an
// assessmentTest that lists them. Identifiers are generated (ITEM-1, A, L1…), never taken from the data, so
// they are always valid XML names. Response processing is written out (not a template URI) so it also sets
// FEEDBACK to the response, which shows each chosen option's modalFeedback.
import { strToU8, zipSync } from 'fflate';
import type { QuizArtifact, QuizItem } from '../../../schemas/artifacts.js';
import { letter } from '../markdown.js';
import { xml } from './escape.js';
import {
  assertQuizExportable,
  multipleChoiceWeights,
  negativeMarkingOf,
  orderingSteps,
  questionName,
  takesSeveralAnswers,
} from './quiz-rules.js';
import { sourceText } from '../citations.js';

export const QTI_NS = 'http://www.imsglobal.org/xsd/imsqti_v2p1';
const QTI_XSD = 'http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd';
const CP_NS = 'http://www.imsglobal.org/xsd/imscp_v1p1';
const CP_XSD =
  'http://www.imsglobal.org/xsd/imscp_v1p1 http://www.imsglobal.org/xsd/qti/qtiv2p1/qtiv2p1_imscpv1p2_v1p0.xsd';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

const rootAttrs = `xmlns="${QTI_NS}" xmlns:xsi="${XSI}" xsi:schemaLocation="${QTI_NS} ${QTI_XSD}"`;
const float = (n: number) => `<baseValue baseType="float">${Math.round(n * 100_000) / 100_000}</baseValue>`;
const paragraphs = (text: string) =>
  text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${xml(p).replace(/\r?\n/g, '<br/>')}</p>`)
    .join('');

interface ItemParts {
  response: string;
  interaction: string;
  processing: string;
  feedback: string[];
}

/** Score: 1 when the response is the correct one, else 0 (single choice, true/false). */
const matchCorrect = `<responseCondition><responseIf><match><variable identifier="RESPONSE"/><correct identifier="RESPONSE"/></match><setOutcomeValue identifier="SCORE">${float(1)}</setOutcomeValue></responseIf><responseElse><setOutcomeValue identifier="SCORE">${float(0)}</setOutcomeValue></responseElse></responseCondition>`;
/** Score: the mapping's sum of the response (partial credit, bounded by the mapping). */
const mapResponse = `<responseCondition><responseIf><isNull><variable identifier="RESPONSE"/></isNull><setOutcomeValue identifier="SCORE">${float(0)}</setOutcomeValue></responseIf><responseElse><setOutcomeValue identifier="SCORE"><mapResponse identifier="RESPONSE"/></setOutcomeValue></responseElse></responseCondition>`;
const feedbackFromResponse = `<setOutcomeValue identifier="FEEDBACK"><variable identifier="RESPONSE"/></setOutcomeValue>`;

function choiceParts(item: QuizItem, negative: boolean): ItemParts {
  const multiple = takesSeveralAnswers(item);
  const ids = item.options.map((_, i) => letter(i));
  const correct = item.options.flatMap((o, i) => (o.correct ? [`<value>${ids[i]}</value>`] : []));
  const weights = multiple ? multipleChoiceWeights(item, negative) : [];
  const mapping = multiple
    ? `<mapping lowerBound="0" upperBound="1" defaultValue="0">${ids
        .map(
          (id, i) => `<mapEntry mapKey="${id}" mappedValue="${Math.round(weights[i]! * 1000) / 100_000}"/>`,
        )
        .join('')}</mapping>`
    : '';
  return {
    response: `<responseDeclaration identifier="RESPONSE" cardinality="${multiple ? 'multiple' : 'single'}" baseType="identifier"><correctResponse>${correct.join('')}</correctResponse>${mapping}</responseDeclaration>`,
    interaction: `<choiceInteraction responseIdentifier="RESPONSE" shuffle="${item.type === 'true_false' ? 'false' : 'true'}" maxChoices="${multiple ? 0 : 1}"><prompt>${xml(item.stem.trim())}</prompt>${item.options
      .map((o, i) => `<simpleChoice identifier="${ids[i]}">${xml(o.text)}</simpleChoice>`)
      .join('')}</choiceInteraction>`,
    processing: `${multiple ? mapResponse : matchCorrect}${feedbackFromResponse}`,
    feedback: item.options.flatMap((o, i) =>
      o.feedback.trim()
        ? [
            `<modalFeedback outcomeIdentifier="FEEDBACK" identifier="${ids[i]}" showHide="show">${xml(o.feedback.trim())}</modalFeedback>`,
          ]
        : [],
    ),
  };
}

function shortAnswerParts(item: QuizItem): ItemParts {
  const longest = Math.max(...item.acceptedAnswers.map((a) => a.length));
  return {
    response: `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string"><correctResponse><value>${xml(item.acceptedAnswers[0]!)}</value></correctResponse><mapping defaultValue="0">${item.acceptedAnswers
      .map((a) => `<mapEntry mapKey="${xml(a)}" mappedValue="1" caseSensitive="false"/>`)
      .join('')}</mapping></responseDeclaration>`,
    interaction: `${paragraphs(item.stem)}<p><textEntryInteraction responseIdentifier="RESPONSE" expectedLength="${Math.max(20, longest)}"/></p>`,
    processing: mapResponse,
    feedback: [],
  };
}

function matchingParts(item: QuizItem): ItemParts {
  const rights = [...new Set(item.pairs.map((p) => p.right))];
  const rightId = (text: string) => `R${rights.indexOf(text) + 1}`;
  const pairs = item.pairs.map((p, i) => `L${i + 1} ${rightId(p.right)}`);
  const each = 1 / item.pairs.length;
  return {
    response: `<responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="directedPair"><correctResponse>${pairs
      .map((p) => `<value>${p}</value>`)
      .join('')}</correctResponse><mapping lowerBound="0" upperBound="1" defaultValue="0">${pairs
      .map((p) => `<mapEntry mapKey="${p}" mappedValue="${Math.round(each * 100_000) / 100_000}"/>`)
      .join('')}</mapping></responseDeclaration>`,
    interaction: `<matchInteraction responseIdentifier="RESPONSE" shuffle="true" maxAssociations="${item.pairs.length}"><prompt>${xml(item.stem.trim())}</prompt><simpleMatchSet>${item.pairs
      .map(
        (p, i) =>
          `<simpleAssociableChoice identifier="L${i + 1}" matchMax="1">${xml(p.left)}</simpleAssociableChoice>`,
      )
      .join('')}</simpleMatchSet><simpleMatchSet>${rights
      .map(
        (r) =>
          `<simpleAssociableChoice identifier="${rightId(r)}" matchMax="${item.pairs.filter((p) => p.right === r).length}">${xml(r)}</simpleAssociableChoice>`,
      )
      .join('')}</simpleMatchSet></matchInteraction>`,
    processing: mapResponse,
    feedback: [],
  };
}

/** Ordering: an orderInteraction, the response ordered identifiers; all or nothing (the correct order). */
function orderingParts(item: QuizItem): ItemParts {
  const ids = orderingSteps(item).map((_, i) => `S${i + 1}`);
  return {
    response: `<responseDeclaration identifier="RESPONSE" cardinality="ordered" baseType="identifier"><correctResponse>${ids
      .map((id) => `<value>${id}</value>`)
      .join('')}</correctResponse></responseDeclaration>`,
    interaction: `<orderInteraction responseIdentifier="RESPONSE" shuffle="true"><prompt>${xml(item.stem.trim())}</prompt>${orderingSteps(
      item,
    )
      .map((step, i) => `<simpleChoice identifier="${ids[i]}">${xml(step)}</simpleChoice>`)
      .join('')}</orderInteraction>`,
    processing: matchCorrect,
    feedback: [],
  };
}

function itemXml(item: QuizItem, identifier: string, title: string, negative = false): string {
  const parts =
    item.type === 'short_answer'
      ? shortAnswerParts(item)
      : item.type === 'matching'
        ? matchingParts(item)
        : item.type === 'ordering'
          ? orderingParts(item)
          : choiceParts(item, negative);
  const hasOptionFeedback = parts.feedback.length > 0;
  const general = item.feedback.trim()
    ? `<modalFeedback outcomeIdentifier="GENERAL_FEEDBACK" identifier="SHOWN" showHide="show">${xml(item.feedback.trim())}</modalFeedback>`
    : '';
  const feedbackCardinality = takesSeveralAnswers(item) ? 'multiple' : 'single';
  // The source as an item-level comment ("--" may not appear inside an XML comment).
  const source = sourceText(item.source);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<assessmentItem ${rootAttrs} identifier="${identifier}" title="${xml(title)}" adaptive="false" timeDependent="false">`,
    source ? `<!-- Source: ${source.replace(/-(?=-)/g, '- ').replace(/-$/, '- ')} -->` : '',
    parts.response,
    `<outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"><defaultValue><value>0</value></defaultValue></outcomeDeclaration>`,
    `<outcomeDeclaration identifier="MAXSCORE" cardinality="single" baseType="float"><defaultValue><value>1</value></defaultValue></outcomeDeclaration>`,
    hasOptionFeedback
      ? `<outcomeDeclaration identifier="FEEDBACK" cardinality="${feedbackCardinality}" baseType="identifier"/>`
      : '',
    general
      ? `<outcomeDeclaration identifier="GENERAL_FEEDBACK" cardinality="single" baseType="identifier"/>`
      : '',
    `<itemBody>${parts.interaction}</itemBody>`,
    `<responseProcessing>${hasOptionFeedback ? parts.processing : parts.processing.replace(feedbackFromResponse, '')}${
      general
        ? `<setOutcomeValue identifier="GENERAL_FEEDBACK"><baseValue baseType="identifier">SHOWN</baseValue></setOutcomeValue>`
        : ''
    }</responseProcessing>`,
    ...parts.feedback,
    general,
    '</assessmentItem>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}

function testXml(data: QuizArtifact, hrefs: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<assessmentTest ${rootAttrs} identifier="TEST" title="${xml(data.title)}">`,
    `<outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"><defaultValue><value>0</value></defaultValue></outcomeDeclaration>`,
    `<outcomeDeclaration identifier="PASS_MARK" cardinality="single" baseType="float"><defaultValue><value>${data.passingScore / 100}</value></defaultValue></outcomeDeclaration>`,
    `<testPart identifier="PART-1" navigationMode="linear" submissionMode="individual">`,
    `<assessmentSection identifier="SECTION-1" title="${xml(data.title)}" visible="true">`,
    ...hrefs.map((href, i) => `<assessmentItemRef identifier="ITEM-${i + 1}" href="${href}"/>`),
    '</assessmentSection>',
    '</testPart>',
    `<outcomeProcessing><setOutcomeValue identifier="SCORE"><sum><testVariables variableIdentifier="SCORE"/></sum></setOutcomeValue></outcomeProcessing>`,
    '</assessmentTest>',
    '',
  ].join('\n');
}

function manifestXml(data: QuizArtifact, hrefs: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<manifest xmlns="${CP_NS}" xmlns:xsi="${XSI}" identifier="MANIFEST-QTI" xsi:schemaLocation="${CP_XSD}">`,
    '<metadata><schema>QTIv2.1 Package</schema><schemaversion>1.0.0</schemaversion></metadata>',
    '<organizations/>',
    '<resources>',
    `<resource identifier="RES-TEST" type="imsqti_test_xmlv2p1" href="assessmentTest.xml"><file href="assessmentTest.xml"/>${hrefs
      .map((_, i) => `<dependency identifierref="RES-ITEM-${i + 1}"/>`)
      .join('')}</resource>`,
    ...hrefs.map(
      (href, i) =>
        `<resource identifier="RES-ITEM-${i + 1}" type="imsqti_item_xmlv2p1" href="${href}"><file href="${href}"/></resource>`,
    ),
    '</resources>',
    '</manifest>',
    '',
  ].join('\n');
}

/** The package's files, path → XML (exported for tests). */
export function quizToQtiFiles(data: QuizArtifact): Record<string, string> {
  assertQuizExportable(data, 'QTI');
  const hrefs = data.items.map((_, i) => `items/item-${i + 1}.xml`);
  const files: Record<string, string> = {
    'imsmanifest.xml': manifestXml(data, hrefs),
    'assessmentTest.xml': testXml(data, hrefs),
  };
  data.items.forEach((item, i) => {
    files[hrefs[i]!] = itemXml(item, `ITEM-${i + 1}`, questionName(item, i + 1), negativeMarkingOf(data));
  });
  return files;
}

export function quizToQti(data: QuizArtifact): Buffer {
  const files = quizToQtiFiles(data);
  const zip = zipSync(
    Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])),
    {
      level: 6,
    },
  );
  return Buffer.from(zip);
}
