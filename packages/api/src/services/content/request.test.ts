import { describe, expect, it } from 'vitest';
import { gerund, parseArtifactRequest, parseRevisionRequest } from './request.js';

describe('parseArtifactRequest', () => {
  it.each([
    [
      'Write objectives for a 30-minute module teaching new nurses how to prevent patient falls on a surgical ward',
      'preventing patient falls',
      'new nurses',
    ],
    ['5 multiple-choice questions on GDPR', 'GDPR', null],
    [
      'a two-week onboarding plan for new software engineers',
      'onboarding for new software engineers',
      'new software engineers',
    ],
    ['Create a quiz on fire safety for warehouse staff', 'fire safety', 'warehouse staff'],
    [
      'a branching scenario about handling an angry customer on the phone',
      'handling an angry customer',
      null,
    ],
    ['Build a scenario where a sales rep handles a pricing objection', 'handling a pricing objection', null],
    [
      'A scenario for customer service agents dealing with a refund request',
      'dealing with a refund request',
      'customer service agents',
    ],
    ['Write learning objectives for anti-bribery training for the sales team', 'anti-bribery', 'sales team'],
    [
      'Quiz for new starters on the code of conduct: 4 single-choice and 2 matching',
      'code of conduct',
      'new starters',
    ],
    [
      'Design a 4-week sales onboarding programme for 25 new account executives',
      'sales onboarding',
      'new account executives',
    ],
    ['Which modality for cyber security awareness across 12 sites?', 'cyber security awareness', null],
    ['Objectives for our phishing awareness training', 'phishing awareness', null],
    [
      '12 questions about medication administration for student nurses',
      'medication administration',
      'student nurses',
    ],
    ['eLearning vs virtual classroom vs job aid for 300 warehouse staff', null, 'warehouse staff'],
    [
      'Objectives for teaching accountants to use the new ERP system',
      'using the new ERP system',
      'accountants',
    ],
    [
      'What is the best way to deliver compliance training to 500 drivers on the road?',
      'compliance',
      'drivers',
    ],
    ['Draft a blended learning plan for 2,000 retail associates in 5 languages', null, 'retail associates'],
    [
      'Write objectives: customers, returns, and refunds for store staff',
      'customers, returns, and refunds',
      'store staff',
    ],
    [
      'Put together a 6-week curriculum on project management for junior PMs',
      'project management',
      'junior PMs',
    ],
  ])('%s → topic %j, audience %j', (message, topic, audience) => {
    const r = parseArtifactRequest(message);
    expect(r.topic).toBe(topic);
    expect(r.audience).toBe(audience);
  });

  it.each([
    // "multiple-choice" with one key is single_choice (multiple_choice is select-all; issue 36).
    ['5 multiple-choice questions on GDPR', [{ type: 'single_choice', count: 5 }], 5],
    ['5 select-all-that-apply questions on GDPR', [{ type: 'multiple_choice', count: 5 }], 5],
    [
      '3 true/false and 2 short-answer questions about hand hygiene',
      [
        { type: 'true_false', count: 3 },
        { type: 'short_answer', count: 2 },
      ],
      5,
    ],
    ['ten questions on our expenses policy', [], 10],
    ['A 10-question quiz on SQL injection', [], 10],
    ['a quiz with 8 questions on food hygiene', [], 8],
    [
      '4 single-choice, 2 matching and 2 T/F items on conduct',
      [
        { type: 'single_choice', count: 4 },
        { type: 'matching', count: 2 },
        { type: 'true_false', count: 2 },
      ],
      8,
    ],
    [
      'multiple-choice and true/false questions on fire safety',
      [
        { type: 'single_choice', count: 0 },
        { type: 'true_false', count: 0 },
      ],
      null,
    ],
    ['six MCQs about lifting technique', [{ type: 'single_choice', count: 6 }], 6],
  ])('%s → items %j (total %j)', (message, items, total) => {
    const r = parseArtifactRequest(message);
    expect(r.items).toEqual(items);
    expect(r.itemCount).toBe(total);
  });

  it.each([
    ['a 30-minute module', 30, null],
    ['a two-week onboarding', 4200, 10],
    ['a half-day workshop', 210, 0.5],
    ['a 3 days induction', 1260, 3],
    ['a 3-day induction', 1260, 3],
    ['2 hours of training', 120, null],
    ['an hour-long session', 60, null],
    ['a 90-minute webinar', 90, null],
    ['one-day workshop', 420, 1],
    ['a 4-week programme', 8400, 20],
  ])('%s → %i minutes, %j days', (message, minutes, days) => {
    const d = parseArtifactRequest(message).duration;
    expect(d?.minutes).toBe(minutes);
    expect(d?.days).toBe(days);
  });

  it('collects constraints, size, level and the delivery options compared', () => {
    const r = parseArtifactRequest(
      'eLearning vs virtual classroom vs job aid for 300 warehouse staff on night shifts across 4 sites, with mobile phones only, a low budget and 3 languages',
    );
    expect(r.audienceSize).toBe(300);
    expect(r.modalities).toEqual(['e_learning', 'vilt', 'job_aid']);
    expect(r.constraints).toEqual(
      expect.arrayContaining([
        '300 learners',
        'night shifts',
        '4 sites',
        'mobile phones',
        'low budget',
        '3 languages',
      ]),
    );
    expect(parseArtifactRequest('advanced objectives on SQL tuning').level).toBe('analyze');
    expect(parseArtifactRequest('objectives on delegation for managers').level).toBe('evaluate');
    expect(parseArtifactRequest('an introductory quiz on GDPR').level).toBe('understand');
    expect(parseArtifactRequest('a quiz on GDPR').level).toBeNull();
  });

  it('makes gerunds', () => {
    expect(['prevent', 'handle', 'plan', 'tie', 'use', 'escalate'].map(gerund)).toEqual([
      'preventing',
      'handling',
      'planning',
      'tying',
      'using',
      'escalating',
    ]);
  });
});

describe('parseRevisionRequest', () => {
  it('reads what a revise asks for', () => {
    expect(parseRevisionRequest('revise: make it shorter')).toMatchObject({ shorter: true, simpler: false });
    expect(parseRevisionRequest('simpler')).toMatchObject({ simpler: true });
    expect(parseRevisionRequest('revise for managers').audience).toBe('managers');
    expect(parseRevisionRequest('revise to a higher Bloom level').level).toBe('up');
    expect(parseRevisionRequest('revise: easier').level).toBe('down');
    expect(parseRevisionRequest('revise to the analyse level').level).toBe('analyze');
    expect(parseRevisionRequest('revise: add 3 more questions').addItems).toEqual([
      { type: 'single_choice', count: 3 },
    ]);
    expect(parseRevisionRequest('revise: add 2 true/false questions').addItems).toEqual([
      { type: 'true_false', count: 2 },
    ]);
    expect(parseRevisionRequest('revise: make it 20 minutes').duration?.minutes).toBe(20);
  });
});

describe('formats named in more than one word', () => {
  it('are not the topic: "knowledge check", "spaced retrieval plan"', () => {
    expect(parseArtifactRequest('make a knowledge check')).toMatchObject({ topic: null, kind: 'quiz' });
    expect(parseArtifactRequest('retrieval plan please')).toMatchObject({ topic: null, kind: 'plan' });
    expect(parseArtifactRequest('a spaced retrieval plan').topic).toBe(null);
    expect(parseArtifactRequest('a knowledge check on GDPR subject access requests').topic).toBe(
      'GDPR subject access requests',
    );
    expect(parseArtifactRequest('spaced retrieval practice for insulin safety').topic).toBe('insulin safety');
  });

  it('ordering items: "2 ordering questions" is a count, "no ordering" rules them out, "stock ordering" is a topic', () => {
    const counted = parseArtifactRequest(
      'Create a quiz on forklift checks: 3 single choice and 2 ordering questions',
    );
    expect(counted.items).toEqual([
      { type: 'single_choice', count: 3 },
      { type: 'ordering', count: 2 },
    ]);
    expect(parseArtifactRequest('A quiz with 2 put-in-order items on hand washing').items).toEqual([
      { type: 'ordering', count: 2 },
    ]);
    expect(parseArtifactRequest('A 5-question quiz on hand washing, no ordering').forbiddenTypes).toContain(
      'ordering',
    );
    const topic = parseArtifactRequest('Write a quiz on stock ordering for new buyers');
    expect(topic.items).toEqual([]);
    expect(topic.topic).toMatch(/stock ordering/);
  });
});
