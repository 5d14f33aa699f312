// Sample artifacts for the export tests and the SCORM e2e: one per kind, with the text that breaks naive
// exporters (GIFT's ~ = # { } : \, HTML, quotes, non-Latin scripts, Markdown syntax).
import type {
  ModalityArtifact,
  ObjectivesArtifact,
  PlanArtifact,
  QuizArtifact,
  QuizItem,
  ScenarioArtifact,
  SmeSummaryArtifact,
} from '../../../schemas/artifacts.js';

export const NASTY = `Ratio 1:2 ~ {a=b} #tag \\path <script>alert("x")</script> & 'quotes' | *bold* — Ünïcødé 日本語 العربية`;

export const quizFixture: QuizArtifact = {
  title: 'Hand hygiene: "5 moments" <check> & more',
  topic: 'Hand hygiene',
  audience: 'New ward nurses',
  passingScore: 80,
  objectives: [
    { id: 'o1', text: 'Identify the 5 moments for hand hygiene', bloomLevel: 'remember' },
    { id: 'o2', text: 'Apply the rub technique {20–30 s}', bloomLevel: 'apply' },
  ],
  items: [
    {
      id: 'q1',
      type: 'single_choice',
      stem: `Which moment comes before touching a patient? ${NASTY}`,
      options: [
        { id: 'a', text: 'Before patient contact', correct: true, feedback: 'Yes = moment 1.' },
        { id: 'b', text: 'After body fluid ~ exposure', correct: false, feedback: 'That is moment #3.' },
        { id: 'c', text: 'Ratio 1:2 {braces}', correct: false, feedback: '' },
      ],
      acceptedAnswers: [],
      pairs: [],
      objectiveId: 'o1',
      difficulty: 'easy',
      feedback: 'Moment 1 protects the patient.',
    },
    {
      id: 'q2',
      type: 'multiple_choice',
      stem: 'Which are among the 5 moments? (select all)',
      options: [
        { id: 'a', text: 'Before an aseptic task', correct: true, feedback: 'Correct.' },
        { id: 'b', text: 'After touching a patient', correct: true, feedback: 'Correct.' },
        { id: 'c', text: 'Before lunch <b>break</b>', correct: false, feedback: 'Not one of the five.' },
        { id: 'd', text: '日本語の選択肢', correct: true, feedback: '正解' },
      ],
      acceptedAnswers: [],
      pairs: [],
      objectiveId: 'o1',
      difficulty: 'medium',
      feedback: '',
    },
    {
      id: 'q3',
      type: 'true_false',
      stem: 'Alcohol rub takes 20–30 seconds.',
      options: [
        { id: 't', text: 'True', correct: true, feedback: 'Right: 20–30 s.' },
        { id: 'f', text: 'False', correct: false, feedback: 'It does take 20–30 s.' },
      ],
      acceptedAnswers: [],
      pairs: [],
      objectiveId: 'o2',
      difficulty: 'easy',
      feedback: '',
    },
    {
      id: 'q4',
      type: 'short_answer',
      stem: 'Name the product used for a hygienic hand rub.',
      options: [],
      acceptedAnswers: ['alcohol rub', 'hand sanitiser', 'rub = gel'],
      pairs: [],
      objectiveId: 'o2',
      difficulty: 'medium',
      feedback: 'Alcohol-based rub is the default.',
    },
    {
      id: 'q5',
      type: 'matching',
      stem: 'Match each moment with its number.',
      options: [],
      acceptedAnswers: [],
      pairs: [
        { left: 'Before patient contact', right: 'Moment 1' },
        { left: 'Before an aseptic task', right: 'Moment 2' },
        { left: 'After body fluid exposure', right: 'Moment 3 {risk}' },
      ],
      objectiveId: 'o1',
      difficulty: 'hard',
      feedback: '',
    },
  ],
};

export const scenarioFixture: ScenarioArtifact = {
  title: 'Difficult conversation <script>alert(1)</script>',
  topic: 'Feedback conversations',
  audience: 'First-time managers',
  objective: 'Give corrective feedback that keeps trust',
  startNodeId: 'start',
  nodes: [
    {
      id: 'start',
      title: 'Late again',
      narrative: `Sam arrives 20 minutes late for the third time this week.\nThe team is watching. "</script><b>hi</b>" ${NASTY}`,
      choices: [
        {
          id: 'c1',
          text: 'Ask Sam for a private word',
          nextNodeId: 'private',
          consequence: 'Sam looks relieved not to be called out in public.',
          score: 10,
        },
        {
          id: 'c2',
          text: 'Call it out in front of the team',
          nextNodeId: 'public',
          consequence: 'Sam goes red; the room goes quiet.',
          score: -10,
        },
      ],
      ending: null,
    },
    {
      id: 'private',
      title: 'A private word',
      narrative: 'In the meeting room, Sam explains that childcare changed this month.',
      choices: [
        {
          id: 'c3',
          text: 'Agree on a new start time and check in next week',
          nextNodeId: 'good-end',
          consequence: 'Sam thanks you and proposes 9:30.',
          score: 10,
        },
        {
          id: 'c4',
          text: 'Remind Sam of the policy and leave it there',
          nextNodeId: 'meh-end',
          consequence: '',
          score: 0,
        },
      ],
      ending: null,
    },
    {
      id: 'public',
      title: 'Silence',
      narrative: 'Nobody speaks. Sam sits down without a word.',
      choices: [
        {
          id: 'c5',
          text: 'Apologise later and talk in private',
          nextNodeId: 'private',
          consequence: 'Sam accepts, warily.',
          score: 5,
        },
      ],
      ending: null,
    },
    {
      id: 'good-end',
      title: 'Trust kept',
      narrative: 'Sam is on time every day the next week.',
      choices: [],
      ending: { outcome: 'success', summary: 'You named the issue privately and agreed on a fix together.' },
    },
    {
      id: 'meh-end',
      title: 'Compliance, not commitment',
      narrative: 'Sam is on time, but quieter in meetings.',
      choices: [],
      ending: { outcome: 'partial', summary: 'The behaviour changed; the relationship did not improve.' },
    },
  ],
};

export const objectivesFixture: ObjectivesArtifact = {
  title: 'Fall prevention objectives',
  topic: 'Fall prevention',
  audience: 'New ward nurses',
  objectives: [
    {
      id: 'o1',
      audience: 'New ward nurses',
      verb: 'identify',
      behavior: 'identify the three fall-risk factors on a chart',
      bloomLevel: 'remember',
      condition: 'given a patient chart',
      criterion: 'with no errors in 3 of 3 cases',
      moduleId: null,
    },
    {
      id: 'o2',
      audience: 'New ward nurses',
      verb: 'apply',
      behavior: `apply the Morse scale to a new admission ${NASTY}`,
      bloomLevel: 'apply',
      condition: '',
      criterion: 'within 5 minutes',
      moduleId: null,
    },
  ],
};

export const modalityFixture: ModalityArtifact = {
  title: 'Modality mix for fall prevention',
  topic: 'Fall prevention',
  audience: 'New ward nurses',
  constraints: ['Three shifts', 'No budget for travel | remote sites'],
  recommendations: [
    {
      objective: 'Identify the three fall-risk factors',
      modality: 'microlearning',
      rationale: 'Short recall practice fits between shifts.',
      effort: 'low',
      tools: ['LMS', 'Mobile'],
    },
    {
      objective: 'Apply the Morse scale',
      modality: 'simulation',
      rationale: 'Needs practice on realistic cases <with feedback>.',
      effort: 'high',
      tools: [],
    },
  ],
  summary: 'Blend microlearning for recall with a simulation lab for the scale.\n\nCoach on the ward after.',
};

export const planFixture: PlanArtifact = {
  title: 'Fall prevention programme',
  topic: 'Fall prevention',
  audience: 'New ward nurses',
  duration: 'two weeks',
  totalMinutes: 150,
  modules: [
    {
      id: 'm1',
      title: 'Why falls happen',
      when: 'Week 1',
      durationMinutes: 30,
      modality: 'e_learning',
      objectives: ['Identify the three fall-risk factors'],
      activities: [{ title: 'Case video', type: 'video', durationMinutes: 10 }],
      assessments: ['Five-question knowledge check'],
    },
    {
      id: 'm2',
      title: 'Morse scale lab',
      when: null,
      durationMinutes: 120,
      modality: 'ilt',
      objectives: ['Apply the Morse scale'],
      activities: [
        { title: 'Demo', type: 'demo', durationMinutes: 20 },
        { title: 'Paired practice', type: 'practice', durationMinutes: 90 },
      ],
      assessments: [],
    },
  ],
};

export const smeSummaryFixture: SmeSummaryArtifact = {
  title: 'SME interview: fall prevention',
  topic: 'Fall prevention',
  audience: 'New ward nurses',
  outline: [{ module: 'Risk assessment', points: ['Morse scale on admission', 'Re-assess after a fall'] }],
  tasks: [{ task: 'Assess a new admission', steps: ['Read the chart', 'Score the Morse scale', 'Record'] }],
  commonErrors: [{ error: 'Skipping re-assessment', consequence: 'Missed risk', fix: '' }],
  draftObjectives: objectivesFixture.objectives,
  gaps: ['Which bed alarms are on the ward?'],
};

/** The fields an item of another type leaves empty. */
const plainItem = {
  objectiveId: null,
  difficulty: 'medium' as const,
  feedback: '',
  options: [],
  acceptedAnswers: [],
  pairs: [],
};
const keyed = (texts: string[], keys: number[]) =>
  texts.map((text, i) => ({ id: `o${i}`, text, correct: keys.includes(i), feedback: '' }));

const EVERY_TYPE_ITEMS: QuizItem[] = [
  {
    ...plainItem,
    id: 'single',
    type: 'single_choice',
    stem: 'Which gas do plants take in?',
    options: keyed(['Oxygen', 'Carbon dioxide', 'Helium', 'Neon'], [1]),
  },
  {
    ...plainItem,
    id: 'one-key',
    type: 'multiple_choice',
    stem: 'Which planet is largest?',
    options: keyed(['Mars', 'Venus', 'Jupiter'], [2]),
  },
  {
    ...plainItem,
    id: 'two-keys',
    type: 'multiple_choice',
    stem: 'Which are primary colours of light? (select all)',
    options: keyed(['Red', 'Green', 'Purple', 'Brown', 'Pink'], [0, 1]),
  },
  {
    ...plainItem,
    id: 'three-keys',
    type: 'multiple_choice',
    stem: 'Which are mammals? (select all)',
    options: keyed(['Whale', 'Bat', 'Shark', 'Horse'], [0, 1, 3]),
  },
  {
    ...plainItem,
    id: 'tf',
    type: 'true_false',
    stem: 'The Sun orbits the Earth.',
    options: keyed(['True', 'False'], [1]),
  },
  {
    ...plainItem,
    id: 'short',
    type: 'short_answer',
    stem: 'Name the largest ocean.',
    acceptedAnswers: ['Pacific', 'Pacific Ocean', 'the Pacific'],
  },
  {
    ...plainItem,
    id: 'match',
    type: 'matching',
    stem: 'Match each capital with its country.',
    pairs: [
      { left: 'Paris', right: 'France' },
      { left: 'Rome', right: 'Italy' },
      { left: 'Madrid', right: 'Spain' },
      { left: 'Lisbon', right: 'Portugal' },
    ],
  },
  {
    ...plainItem,
    id: 'order',
    type: 'ordering',
    stem: 'Put the steps of making tea in order.',
    steps: ['Boil the water', 'Warm the pot', 'Add the tea', 'Pour the water', 'Let it brew'],
  },
];

/**
 * Every item type once (issue 38): single choice, a "multiple choice" with one key, multiple response with two
 * and three keys, true/false (False the key), short answer with three variants, matching and ordering — for
 * item-types.test.ts and the schema validation (schemas.int.test.ts).
 */
export const everyItemTypeQuiz: QuizArtifact = {
  title: 'Every item type',
  topic: 'General knowledge',
  audience: 'Anyone',
  passingScore: 70,
  objectives: [],
  items: EVERY_TYPE_ITEMS,
};
