// The request parser on realistic requests from many fields, written the way designers write them (not the
// project's own phrasings): kind, topic, counts, types, forbidden types, Bloom levels, minutes, decision points.
import { describe, expect, it } from 'vitest';
import type { AssistantSessionType } from '../../schemas/assistant.js';
import { parseRequest, type ParsedRequest } from './request.js';

interface Case {
  field: string;
  message: string;
  session?: AssistantSessionType;
  expect: Partial<
    Pick<
      ParsedRequest,
      | 'kind'
      | 'topic'
      | 'audience'
      | 'audienceSize'
      | 'itemCount'
      | 'items'
      | 'forbiddenTypes'
      | 'bloomLevels'
      | 'bloomRequired'
      | 'bloomOrder'
      | 'totalMinutes'
      | 'decisionPoints'
      | 'moduleCount'
      | 'objectiveCount'
    >
  > & { terms?: string[] };
}

const CASES: Case[] = [
  // Clinical nursing: NEWS2 escalation
  {
    field: 'nursing',
    message:
      'Create 8 multiple-choice questions on NEWS2 escalation for newly qualified ward nurses, at Apply and Analyze level. No true/false please.',
    expect: {
      kind: 'quiz',
      topic: 'NEWS2 escalation',
      audience: 'newly qualified ward nurses',
      itemCount: 8,
      items: [{ type: 'single_choice', count: 8 }],
      forbiddenTypes: ['true_false'],
      bloomLevels: ['apply', 'analyze'],
    },
  },
  {
    field: 'nursing',
    message:
      'Write a branching scenario with 3 decision points where a nurse finds a patient with a NEWS2 score of 7 at 3 a.m.',
    expect: { kind: 'scenario', decisionPoints: 3, terms: ['news2'] },
  },
  // Pharma GMP line clearance
  {
    field: 'pharma',
    message:
      'We need learning objectives for GMP line clearance on a tablet packaging line, for packaging operators. Learners should be able to evaluate whether a line is clear.',
    expect: {
      kind: 'objectives',
      topic: 'GMP line clearance',
      audience: 'packaging operators',
      bloomLevels: ['evaluate'],
    },
  },
  {
    field: 'pharma',
    message:
      'Give me a 10-question knowledge check on line clearance (GMP) for packaging technicians — mix single choice and true/false, avoid matching.',
    expect: {
      kind: 'quiz',
      itemCount: 10,
      forbiddenTypes: ['matching'],
      items: [
        { type: 'single_choice', count: 0 },
        { type: 'true_false', count: 0 },
      ],
    },
  },
  // Anti-bribery: facilitation payments
  {
    field: 'anti-bribery',
    message:
      'Build a branching scenario for export sales staff where a customs official asks for a facilitation payment to release a shipment. Include 4 decision points.',
    expect: {
      kind: 'scenario',
      decisionPoints: 4,
      audience: 'export sales staff',
      terms: ['facilitation', 'payment'],
    },
  },
  {
    field: 'anti-bribery',
    message:
      'Quiz on facilitation payments and the UK Bribery Act: 6 questions, higher-order thinking, for managers',
    expect: { kind: 'quiz', itemCount: 6, bloomOrder: 'higher', terms: ['facilitation', 'payments'] },
  },
  // SaaS sales discovery calls
  {
    field: 'saas sales',
    message:
      'I need objectives for a 90-minute workshop on running discovery calls for new SDRs at a SaaS company.',
    expect: { kind: 'objectives', totalMinutes: 90, terms: ['discovery', 'calls'] },
  },
  {
    field: 'saas sales',
    message:
      'Make a role-play scenario for account executives handling a discovery call where the prospect will not share budget, 3 decision points.',
    expect: { kind: 'scenario', decisionPoints: 3 },
  },
  // HACCP
  {
    field: 'HACCP',
    message:
      'Create a quiz on HACCP critical control points for kitchen supervisors: 5 single-choice and 3 short-answer questions.',
    expect: {
      kind: 'quiz',
      topic: 'HACCP critical control points',
      audience: 'kitchen supervisors',
      itemCount: 8,
      items: [
        { type: 'single_choice', count: 5 },
        { type: 'short_answer', count: 3 },
      ],
    },
  },
  {
    field: 'HACCP',
    message: 'Plan HACCP refresher training for chefs: 20 minutes a day for two weeks, delivered on tablets.',
    expect: { kind: 'plan', totalMinutes: 200, terms: ['haccp'] },
  },
  // Aviation ground handling
  {
    field: 'aviation',
    message:
      'Design a learning plan for aviation ground handling (aircraft pushback and marshalling) for new ramp agents, 3 sessions of 90 minutes.',
    expect: { kind: 'plan', totalMinutes: 270, moduleCount: 3, terms: ['aviation', 'ground'] },
  },
  {
    field: 'aviation',
    message: 'Write 6 true/false questions about dangerous goods acceptance for ground handling staff.',
    expect: {
      kind: 'quiz',
      itemCount: 6,
      items: [{ type: 'true_false', count: 6 }],
      topic: 'dangerous goods acceptance',
    },
  },
  // K-12 fractions
  {
    field: 'K-12',
    message:
      'Create 12 questions on adding fractions with unlike denominators for Year 5 pupils, no matching.',
    expect: { kind: 'quiz', itemCount: 12, forbiddenTypes: ['matching'], terms: ['fractions'] },
  },
  {
    field: 'K-12',
    message: 'Learning objectives for a 45-minute lesson on equivalent fractions for grade 4 students',
    expect: { kind: 'objectives', totalMinutes: 45, topic: 'equivalent fractions' },
  },
  // Retail loss prevention
  {
    field: 'retail',
    message:
      'Write a branching scenario where a cashier spots a refund fraud attempt at the till. Retail loss prevention, 2 decision points.',
    expect: { kind: 'scenario', decisionPoints: 2 },
  },
  {
    field: 'retail',
    message:
      'Which is better for retail loss prevention training across 40 stores: eLearning, a video or a job aid?',
    expect: { kind: 'modality', terms: ['loss', 'prevention'] },
  },
  // Excel pivot tables
  {
    field: 'Excel',
    message:
      'Create a quiz on Excel pivot tables for finance analysts: 8 items, at Apply level, with no true/false.',
    expect: {
      kind: 'quiz',
      topic: 'Excel pivot tables',
      itemCount: 8,
      forbiddenTypes: ['true_false'],
      bloomLevels: ['apply'],
      terms: ['excel', 'pivot', 'tables'],
    },
  },
  {
    field: 'Excel',
    message: 'A 30-minute microlearning plan on Excel pivot tables for HR admins, in 5 modules',
    expect: { kind: 'plan', totalMinutes: 30, moduleCount: 5, topic: 'Excel pivot tables' },
  },
  // GDPR subject access requests
  {
    field: 'GDPR',
    message:
      'Make an 8-item knowledge check on GDPR subject access requests for customer service advisers; select all that apply is fine but no true/false or matching.',
    expect: {
      kind: 'quiz',
      itemCount: 8,
      forbiddenTypes: ['true_false', 'matching'],
      items: [{ type: 'multiple_choice', count: 0 }],
      topic: 'GDPR subject access requests',
    },
  },
  {
    field: 'GDPR',
    message: 'Write 4 learning objectives on handling subject access requests under GDPR for the HR team.',
    expect: { kind: 'objectives', objectiveCount: 4, terms: ['subject', 'access', 'requests'] },
  },
  // Forklift safety
  {
    field: 'forklift',
    message:
      '5 multiple-choice questions on forklift pre-use checks for warehouse operatives, at Remember to Apply level',
    expect: {
      kind: 'quiz',
      itemCount: 5,
      items: [{ type: 'single_choice', count: 5 }],
      bloomLevels: ['remember', 'understand', 'apply'],
      topic: 'forklift pre-use checks',
    },
  },
  {
    field: 'forklift',
    message: 'Plan a one-day forklift safety refresher for 60 warehouse operatives on night shifts.',
    expect: { kind: 'plan', totalMinutes: 420, audienceSize: 60, topic: 'forklift safety' },
  },
  // Customer service de-escalation
  {
    field: 'customer service',
    message:
      'Build a branching scenario on de-escalating an angry caller for contact centre agents with 3 decision points and one failure ending.',
    expect: { kind: 'scenario', decisionPoints: 3, terms: ['de-escalating'] },
  },
  {
    field: 'customer service',
    message:
      'Write objectives for de-escalation training for customer service agents — they must be able to analyse what triggered the complaint.',
    expect: { kind: 'objectives', bloomLevels: ['analyze'], terms: ['de-escalation'] },
  },
  // Cybersecurity phishing
  {
    field: 'phishing',
    message: 'Plan a 4-week phishing awareness campaign for 1,200 office staff, 15 minutes a week.',
    expect: { kind: 'plan', totalMinutes: 60, audienceSize: 1200, topic: 'phishing awareness' },
  },
  {
    field: 'phishing',
    message:
      'Create 7 questions on spotting phishing emails for office staff. Choose two correct answers per question.',
    expect: { kind: 'quiz', itemCount: 7, items: [], terms: ['phishing', 'emails'] },
  },
  // Leadership feedback
  {
    field: 'leadership',
    message:
      'Write learning objectives for giving constructive feedback for first-line managers at Evaluate and Create levels',
    expect: { kind: 'objectives', bloomLevels: ['evaluate', 'create'], terms: ['feedback'] },
  },
  {
    field: 'leadership',
    message:
      'Plan a leadership programme on feedback conversations for new team leads: 2 hours a week for 6 weeks.',
    expect: { kind: 'plan', totalMinutes: 720, terms: ['feedback'] },
  },
  // Construction working at heights
  {
    field: 'construction',
    message:
      'Create a quiz about working at heights for scaffolders with 6 questions: 4 multiple choice and 2 matching.',
    expect: {
      kind: 'quiz',
      itemCount: 6,
      items: [
        { type: 'single_choice', count: 4 },
        { type: 'matching', count: 2 },
      ],
      terms: ['heights'],
    },
  },
  {
    field: 'construction',
    message:
      'Turn the attached method statement into a branching scenario about working at height on a scaffold.',
    expect: { kind: 'scenario' },
  },
  // Banking AML/KYC
  {
    field: 'banking',
    message:
      'Create 10 scenario-based questions on AML red flags and KYC checks for branch tellers at Analyze level, no true/false.',
    expect: {
      kind: 'quiz',
      itemCount: 10,
      forbiddenTypes: ['true_false'],
      bloomLevels: ['analyze'],
      terms: ['aml', 'kyc'],
    },
  },
  {
    field: 'banking',
    message: 'Objectives for KYC refresher training for relationship managers — 3 objectives, higher-order.',
    expect: { kind: 'objectives', objectiveCount: 3, bloomOrder: 'higher', terms: ['kyc'] },
  },
  // Hospitality allergen handling
  {
    field: 'hospitality',
    message:
      'I need a quiz on allergen handling for waiters and bar staff: 6 questions, no short answer, select all that apply where it fits.',
    expect: { kind: 'quiz', itemCount: 6, forbiddenTypes: ['short_answer'], terms: ['allergen'] },
  },
  {
    field: 'hospitality',
    message:
      'Write a scenario where a guest tells a waiter about a peanut allergy after ordering, 3 decision points.',
    expect: { kind: 'scenario', decisionPoints: 3, terms: ['peanut', 'allergy'] },
  },
  // Onboarding
  {
    field: 'onboarding',
    message: 'Plan a two-week onboarding programme for new graduate engineers.',
    expect: { kind: 'plan', totalMinutes: 4200, audience: 'new graduate engineers' },
  },
  {
    field: 'onboarding',
    message: 'Design an onboarding plan for new support agents, 30 minutes a day for 3 weeks.',
    expect: { kind: 'plan', totalMinutes: 450 },
  },
  // Laboratory biosafety
  {
    field: 'biosafety',
    message:
      'Create 6 single-choice questions on biosafety cabinet use for lab technicians, at Understand and Apply levels.',
    expect: {
      kind: 'quiz',
      itemCount: 6,
      items: [{ type: 'single_choice', count: 6 }],
      bloomLevels: ['understand', 'apply'],
      terms: ['biosafety', 'cabinet'],
    },
  },
  {
    field: 'biosafety',
    message: 'Summarise my notes into an SME summary for the laboratory biosafety spill response course.',
    expect: { kind: 'sme_summary' },
  },
  // Insulin administration
  {
    field: 'insulin',
    message:
      'Write a branching scenario about a 10x insulin overdose error on a medical ward for staff nurses, with 4 decision points.',
    expect: { kind: 'scenario', decisionPoints: 4, terms: ['insulin'] },
  },
  {
    field: 'insulin',
    message:
      'Quiz for student nurses on safe insulin administration: 5 multiple choice, 2 true/false and 1 short answer.',
    expect: {
      kind: 'quiz',
      itemCount: 8,
      items: [
        { type: 'single_choice', count: 5 },
        { type: 'true_false', count: 2 },
        { type: 'short_answer', count: 1 },
      ],
      terms: ['insulin', 'administration'],
    },
  },
  // Food safety / SME session notes
  {
    field: 'food safety',
    session: 'SME_WALKTHROUGH',
    message: `Interview notes from the head chef:
- Probe every batch of cooked chicken, core temperature 75 °C for 30 s
- Cool rice within 90 minutes, then fridge at 5 °C or below
- Biggest mistake: probes not cleaned between products
- New starters shadow a chef for two shifts`,
    expect: { kind: 'sme_summary' },
  },
  // Written as a title, with no request verb
  {
    field: 'construction',
    message:
      'Toolbox talk quiz on working at height for scaffolders and roofers — 6 questions, single answer, no true/false.',
    expect: { kind: 'quiz', itemCount: 6, forbiddenTypes: ['true_false'], audience: 'scaffolders' },
  },
  {
    field: 'banking',
    message: 'AML refresher as microlearning for tellers: 20 minutes a day for two weeks.',
    expect: { kind: 'plan', totalMinutes: 200, terms: ['aml'] },
  },
  // Bloom ranges and clauses
  {
    field: 'leadership',
    message:
      'Objectives for a first-time managers programme, module 3: giving feedback that changes behaviour. 4 objectives, from Understand up to Evaluate.',
    expect: {
      kind: 'objectives',
      objectiveCount: 4,
      bloomLevels: ['understand', 'apply', 'analyze', 'evaluate'],
      bloomRequired: [],
      terms: ['feedback'],
    },
  },
  {
    field: 'pharma',
    message:
      "objectives for cleanroom gowning qualification (grade B) — new aseptic operators. Bloom: apply for the gowning sequence, evaluate for judging whether a colleague's gown is compromised. 5 objectives.",
    expect: { kind: 'objectives', objectiveCount: 5, bloomLevels: ['apply', 'evaluate'] },
  },
  {
    field: 'banking',
    message:
      'Objectives for AML refresher e-learning for contact-centre staff at a retail bank, 30 minutes. 3 objectives at Apply or higher.',
    expect: {
      kind: 'objectives',
      bloomLevels: ['apply', 'analyze', 'evaluate', 'create'],
      bloomRequired: [],
    },
  },
  // Minutes: a weekly time plus more; counts: a couple of one type and the rest another
  {
    field: 'saas sales',
    message:
      "We're rolling out MEDDICC to 40 account executives. Put together a 4-week enablement programme: 90 minutes a week live on Zoom plus 30 minutes of self-paced work.",
    expect: { kind: 'plan', totalMinutes: 480, terms: ['meddicc'] },
  },
  {
    field: 'retail',
    message:
      "Can you make a knowledge check from the attached SOS-11 for store colleagues? 8 questions; I'd like a couple of true/false and the rest single choice.",
    expect: {
      kind: 'quiz',
      itemCount: 8,
      items: [
        { type: 'true_false', count: 2 },
        { type: 'single_choice', count: 6 },
      ],
    },
  },
  // Decisions listed by question words; a quoted subject
  {
    field: 'anti-bribery',
    message:
      "Branching scenario, please: a logistics coordinator in our Lagos office is told by a customs official that the shipment will be released today if they pay a 'facilitation fee' of USD 200 in cash. The learner decides what to say, whether to escalate, and what to record.",
    expect: { kind: 'scenario', decisionPoints: 3, topic: 'facilitation fee' },
  },
  {
    field: 'pharmacy',
    message: `Here are my raw notes from a 45-min interview with Ravi, our lead community pharmacist, about dispensing errors. Can you turn them into an SME interview summary?
- Most errors: wrong strength, look-alike names.
- People skip the second check at lunchtime when one technician is alone.
- Near misses go in the near-miss log but nobody reviews it.`,
    expect: { kind: 'sme_summary', topic: 'dispensing errors' },
  },
  // Plain conversation
  {
    field: 'conversation',
    message: 'What is the difference between a learning objective and a learning outcome?',
    expect: { kind: 'none' },
  },
  {
    field: 'conversation',
    message: 'thanks, that looks great',
    expect: { kind: 'none' },
  },
];

describe('parseRequest on realistic requests', () => {
  it('covers at least 40 requests from at least 15 fields', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CASES.map((c) => c.field)).size).toBeGreaterThanOrEqual(15);
  });

  it.each(CASES.map((c) => [c.field, c.message, c] as const))('%s: %s', (_f, message, c) => {
    const r = parseRequest(message, { sessionType: c.session ?? 'LND_COPILOT' });
    const { terms, ...fields } = c.expect;
    expect(r).toMatchObject(fields);
    for (const term of terms ?? []) expect(r.topicTerms).toContain(term);
    // A topic is never a bare fragment ("The", "Expensive", "In-person").
    if (r.topic) expect(r.topic).toMatch(/[a-z]{3,}/i);
    if (r.topic) expect(r.topic).not.toMatch(/^(?:the|a|an|in-person|expensive|quiz)$/i);
  });
});
