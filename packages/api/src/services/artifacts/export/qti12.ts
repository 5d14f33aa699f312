// IMS QTI 1.2 package as Canvas imports it (Course Import → "QTI .zip file"): imsmanifest.xml (IMS CP 1.1.3)
// with one resource of type imsqti_xmlv1p2 pointing at the assessment XML, a <questestinterop> with one
// <assessment> and a section of <item>s. Each item carries Canvas's itemmetadata (question_type,
// points_possible) beside standard QTI 1.2 presentation and resprocessing, as Canvas's own QTI export writes:
//   single choice / one key → multiple_choice_question, response_lid rcardinality Single, SCORE 100 on the key;
//   several keys → multiple_answers_question, rcardinality Multiple, SCORE 100 when every key and no other
//     option is chosen (<and> with <not>); Canvas gives its own partial credit for these;
//   true/false → true_false_question; short answer → short_answer_question (response_str + render_fib, one
//     varequal per accepted answer); matching → matching_question (a response_lid per prompt, SCORE Add per
//     right pair, summing to 100); ordering → matching_question too (Canvas's classic quizzes have no ordering
//     question): each step matched to its position, "1st", "2nd"….
// Option feedback is itemfeedback shown via displayfeedback; the general feedback is "general_fb".
// Identifiers are generated (never from the data), so they are always valid.
import { strToU8, zipSync } from 'fflate';
import type { QuizArtifact, QuizItem } from '../../../schemas/artifacts.js';
import { letter } from '../markdown.js';
import { xml } from './escape.js';
import {
  assertQuizExportable,
  orderingAsMatching,
  questionName,
  takesSeveralAnswers,
  trueFalseOptions,
} from './quiz-rules.js';

export const QTI12_NS = 'http://www.imsglobal.org/xsd/ims_qtiasiv1p2';
const QTI12_XSD = 'http://www.imsglobal.org/xsd/ims_qtiasiv1p2p1.xsd';
const CP_NS = 'http://www.imsglobal.org/xsd/imscp_v1p1';
const CP_XSD = 'http://www.imsglobal.org/xsd/imscp_v1p1.xsd';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

const mattext = (text: string) =>
  `<material><mattext texttype="text/plain">${xml(text.trim())}</mattext></material>`;
const field = (label: string, entry: string) =>
  `<qtimetadatafield><fieldlabel>${label}</fieldlabel><fieldentry>${xml(entry)}</fieldentry></qtimetadatafield>`;
const score = (value: number, action = 'Set') =>
  `<setvar action="${action}" varname="SCORE">${Math.round(value * 100) / 100}</setvar>`;
const varequal = (value: string, respident = 'response1') =>
  `<varequal respident="${respident}">${value}</varequal>`;
const outcomes =
  '<outcomes><decvar maxvalue="100" minvalue="0" varname="SCORE" vartype="Decimal"/></outcomes>';
const feedbackXml = (ident: string, text: string) =>
  `<itemfeedback ident="${ident}"><flow_mat>${mattext(text)}</flow_mat></itemfeedback>`;

interface Parts {
  type: string;
  presentation: string;
  conditions: string[];
  feedback: string[];
}

function choiceParts(item: QuizItem): Parts {
  const several = takesSeveralAnswers(item);
  const tf = item.type === 'true_false';
  // True/false lists True first (Canvas's order), whatever order the options have.
  const options = tf ? (({ yes, no }) => [yes, no])(trueFalseOptions(item)) : item.options;
  const ids = options.map((_, i) => letter(i));
  const labels = options
    .map(
      (o, i) =>
        `<response_label ident="${ids[i]}">${mattext(tf ? (i === 0 ? 'True' : 'False') : o.text)}</response_label>`,
    )
    .join('');
  const withFeedback = options.flatMap((o, i) => (o.feedback.trim() ? [i] : []));
  const conditions = withFeedback.map(
    (i) =>
      `<respcondition continue="Yes"><conditionvar>${varequal(ids[i]!)}</conditionvar><displayfeedback feedbacktype="Response" linkrefid="${ids[i]}_fb"/></respcondition>`,
  );
  if (several) {
    const all = options
      .map((o, i) => (o.correct ? varequal(ids[i]!) : `<not>${varequal(ids[i]!)}</not>`))
      .join('');
    conditions.push(
      `<respcondition continue="No"><conditionvar><and>${all}</and></conditionvar>${score(100)}</respcondition>`,
    );
  } else {
    const key = options.findIndex((o) => o.correct);
    conditions.push(
      `<respcondition continue="No"><conditionvar>${varequal(ids[key]!)}</conditionvar>${score(100)}</respcondition>`,
    );
  }
  return {
    type: tf ? 'true_false_question' : several ? 'multiple_answers_question' : 'multiple_choice_question',
    presentation: `<response_lid ident="response1" rcardinality="${several ? 'Multiple' : 'Single'}"><render_choice>${labels}</render_choice></response_lid>`,
    conditions,
    feedback: withFeedback.map((i) => feedbackXml(`${ids[i]}_fb`, options[i]!.feedback)),
  };
}

function shortAnswerParts(item: QuizItem): Parts {
  const longest = Math.max(...item.acceptedAnswers.map((a) => a.length));
  return {
    type: 'short_answer_question',
    presentation: `<response_str ident="response1" rcardinality="Single"><render_fib columns="${Math.max(20, longest)}"><response_label ident="answer1" rshuffle="No"/></render_fib></response_str>`,
    conditions: [
      `<respcondition continue="No"><conditionvar>${item.acceptedAnswers.map((a) => varequal(xml(a.trim()))).join('')}</conditionvar>${score(100)}</respcondition>`,
    ],
    feedback: [],
  };
}

function matchingParts(item: QuizItem): Parts {
  const rights = [...new Set(item.pairs.map((p) => p.right))];
  const rightLabels = rights
    .map((r, j) => `<response_label ident="R${j + 1}">${mattext(r)}</response_label>`)
    .join('');
  const each = 100 / item.pairs.length;
  return {
    type: 'matching_question',
    presentation: item.pairs
      .map(
        (p, i) =>
          `<response_lid ident="response_L${i + 1}">${mattext(p.left)}<render_choice>${rightLabels}</render_choice></response_lid>`,
      )
      .join(''),
    conditions: item.pairs.map(
      (p, i) =>
        `<respcondition><conditionvar>${varequal(`R${rights.indexOf(p.right) + 1}`, `response_L${i + 1}`)}</conditionvar>${score(each, 'Add')}</respcondition>`,
    ),
    feedback: [],
  };
}

function itemXml(original: QuizItem, n: number): string {
  // Canvas's classic quizzes have no ordering question: an ordering item goes as matching, each step to its
  // position (export-check says so).
  const item = original.type === 'ordering' ? orderingAsMatching(original) : original;
  const parts =
    item.type === 'short_answer'
      ? shortAnswerParts(item)
      : item.type === 'matching'
        ? matchingParts(item)
        : choiceParts(item);
  const general = item.feedback.trim();
  const conditions = general
    ? [
        `<respcondition continue="Yes"><conditionvar><other/></conditionvar><displayfeedback feedbacktype="Response" linkrefid="general_fb"/></respcondition>`,
        ...parts.conditions,
      ]
    : parts.conditions;
  return [
    `<item ident="Q${n}" title="${xml(questionName(item, n))}">`,
    `<itemmetadata><qtimetadata>${field('question_type', parts.type)}${field('points_possible', '1.0')}</qtimetadata></itemmetadata>`,
    `<presentation>${mattext(item.stem)}${parts.presentation}</presentation>`,
    `<resprocessing>${outcomes}${conditions.join('')}</resprocessing>`,
    ...(general ? [feedbackXml('general_fb', general)] : []),
    ...parts.feedback,
    '</item>',
  ].join('\n');
}

export function quizToQti12Xml(data: QuizArtifact): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<questestinterop xmlns="${QTI12_NS}" xmlns:xsi="${XSI}" xsi:schemaLocation="${QTI12_NS} ${QTI12_XSD}">`,
    `<assessment ident="ASSESSMENT-1" title="${xml(data.title)}">`,
    `<qtimetadata>${field('cc_maxattempts', '1')}${field('qmd_passingscore', String(data.passingScore))}</qtimetadata>`,
    '<section ident="root_section">',
    ...data.items.map((item, i) => itemXml(item, i + 1)),
    '</section>',
    '</assessment>',
    '</questestinterop>',
    '',
  ].join('\n');
}

export function qti12Manifest(): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<manifest identifier="MANIFEST-QTI12" xmlns="${CP_NS}" xmlns:xsi="${XSI}" xsi:schemaLocation="${CP_NS} ${CP_XSD}">`,
    '<metadata><schema>IMS Content</schema><schemaversion>1.1.3</schemaversion></metadata>',
    '<organizations/>',
    '<resources>',
    `<resource identifier="RES-ASSESSMENT-1" type="imsqti_xmlv1p2" href="assessment.xml"><metadata><schema>IMS QTI</schema><schemaversion>1.2</schemaversion></metadata><file href="assessment.xml"/></resource>`,
    '</resources>',
    '</manifest>',
    '',
  ].join('\n');
}

/** The package's files, path → XML (exported for tests). */
export function quizToQti12Files(data: QuizArtifact): Record<string, string> {
  assertQuizExportable(data, 'QTI 1.2');
  return { 'imsmanifest.xml': qti12Manifest(), 'assessment.xml': quizToQti12Xml(data) };
}

export function quizToQti12(data: QuizArtifact): Buffer {
  const files = quizToQti12Files(data);
  return Buffer.from(
    zipSync(Object.fromEntries(Object.entries(files).map(([p, t]) => [p, strToU8(t)])), { level: 6 }),
  );
}
