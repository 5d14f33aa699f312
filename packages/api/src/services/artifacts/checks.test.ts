import { describe, expect, it } from 'vitest';
import {
  ARTIFACT_SCHEMAS,
  type ArtifactDataByKind,
  type ArtifactKind,
  type PlanArtifact,
  type QuizArtifact,
  type QuizItem,
  type ScenarioArtifact,
} from '../../schemas/artifacts.js';
import { isVagueVerb, leadingVerb, levelsOfVerb, verbMatchesLevel } from '../content/bloom.js';
import { checkArtifact, fixArtifact } from './checks.js';

const base = { title: 'Fall prevention', topic: 'patient falls', audience: 'new ward nurses' };

const objectives = (
  verb: string,
  behavior: string,
  bloomLevel = 'apply' as const,
): ArtifactDataByKind['objectives'] => ({
  ...base,
  objectives: [
    {
      id: 'o1',
      audience: 'new ward nurses',
      verb,
      behavior,
      bloomLevel,
      condition: 'given a patient chart',
      criterion: 'in 3 of 3 cases',
      moduleId: null,
    },
  ],
});

const choice = (
  id: string,
  type: QuizItem['type'],
  options: [string, boolean, string][],
  objectiveId: string | null = 'o1',
): QuizItem => ({
  id,
  type,
  stem: 'Which action comes first when a patient is at high risk of falling?',
  options: options.map(([text, correct, feedback], i) => ({ id: `${id}-${i}`, text, correct, feedback })),
  acceptedAnswers: [],
  pairs: [],
  objectiveId,
  difficulty: 'medium',
  feedback: '',
});

const goodQuiz = (): QuizArtifact => ({
  ...base,
  objectives: [
    { id: 'o1', text: 'Learners will be able to identify three fall-risk factors', bloomLevel: 'remember' },
  ],
  items: [
    choice('q1', 'single_choice', [
      ['Lower the bed and apply the brakes', true, 'Right: it removes the most common cause.'],
      ['Raise both bed rails', false, 'Rails can increase injury from climbing.'],
    ]),
    choice('q2', 'true_false', [
      ['True', false, 'No: toileting rounds reduce falls.'],
      ['False', true, 'Correct.'],
    ]),
  ],
  passingScore: 80,
});

const goodScenario = (): ScenarioArtifact => ({
  ...base,
  objective: 'Respond to a patient who tries to get up alone',
  startNodeId: 'n1',
  nodes: [
    {
      id: 'n1',
      title: 'Night round',
      narrative: 'Mrs Patel is sitting on the edge of her bed.',
      choices: [
        { id: 'c1', text: 'Go to her at once', nextNodeId: 'n2', consequence: '', score: 10 },
        { id: 'c2', text: 'Call from the door', nextNodeId: 'n3', consequence: '', score: -5 },
      ],
      ending: null,
    },
    {
      id: 'n2',
      title: 'Safe',
      narrative: 'You help her.',
      choices: [],
      ending: { outcome: 'success', summary: 'No fall.' },
    },
    {
      id: 'n3',
      title: 'Fall',
      narrative: 'She stands and falls.',
      choices: [],
      ending: { outcome: 'failure', summary: 'A fall.' },
    },
  ],
});

const goodPlan = (): PlanArtifact => ({
  ...base,
  duration: '1 hour',
  totalMinutes: 60,
  modules: [
    {
      id: 'm1',
      title: 'Risk factors',
      when: null,
      durationMinutes: 60,
      modality: 'e_learning',
      objectives: ['Identify three fall-risk factors'],
      activities: [{ title: 'Chart review', type: 'practice', durationMinutes: 30 }],
      assessments: ['Quiz'],
    },
  ],
});

function fixedClean<K extends ArtifactKind>(kind: K, data: ArtifactDataByKind[K], code: string) {
  const w = checkArtifact(kind, data).find((x) => x.code === code);
  expect(w, `expected a ${code} warning`).toBeDefined();
  const fixed = fixArtifact(kind, data, w!);
  expect(ARTIFACT_SCHEMAS[kind].safeParse(fixed).success).toBe(true);
  expect(checkArtifact(kind, fixed).filter((x) => x.code === code)).toEqual([]);
  return { warning: w!, fixed };
}

describe('bloom verbs', () => {
  it('knows levels, both spellings and vague verbs', () => {
    expect(verbMatchesLevel('analyse', 'analyze')).toBe(true);
    expect(verbMatchesLevel('analyze', 'analyze')).toBe(true);
    expect(levelsOfVerb('select')).toEqual(['remember', 'evaluate']);
    expect(isVagueVerb('be aware of')).toBe(true);
    expect(isVagueVerb('understand')).toBe(true);
    expect(isVagueVerb('explain')).toBe(false);
    expect(leadingVerb('Learners will be able to carry out a falls risk assessment')).toBe('carry out');
    expect(leadingVerb('Identifies hazards')).toBe('identify');
  });
});

describe('checkArtifact', () => {
  it('passes clean artifacts', () => {
    expect(
      checkArtifact(
        'objectives',
        objectives('identify', 'identify three fall-risk factors', 'remember' as never),
      ),
    ).toEqual([]);
    expect(checkArtifact('quiz', goodQuiz())).toEqual([]);
    expect(checkArtifact('scenario', goodScenario())).toEqual([]);
    expect(checkArtifact('plan', goodPlan())).toEqual([]);
  });

  it('flags vague verbs with replacements, and verbs from another level', () => {
    const { warning, fixed } = fixedClean(
      'objectives',
      objectives('understand', 'understand the fall policy'),
      'VAGUE_VERB',
    );
    expect(warning).toMatchObject({
      path: 'objectives.0.verb',
      suggestion: expect.stringContaining('apply'),
    });
    expect(fixed.objectives[0]!.behavior).toBe('apply the fall policy');
    const be = checkArtifact('objectives', objectives('be aware of', 'be aware of the fall policy'));
    expect(be[0]!.code).toBe('VAGUE_VERB');
    const mismatch = fixedClean(
      'objectives',
      objectives('design', 'design a bedside checklist'),
      'VERB_LEVEL_MISMATCH',
    );
    expect(mismatch.warning.message).toContain('Create');
    expect(mismatch.fixed.objectives[0]!.verb).toBe('apply');
    const quiz = goodQuiz();
    quiz.objectives[0]!.text = 'Learners will know the fall-risk factors';
    expect(fixedClean('quiz', quiz, 'VAGUE_VERB').warning.path).toBe('objectives.0.text');
  });

  it('checks keys, feedback and "all of the above" on choice items', () => {
    const q = goodQuiz();
    q.items[0]!.options.forEach((o) => (o.correct = false));
    expect(fixedClean('quiz', q, 'NO_KEY').warning.path).toBe('items.0.options');

    const two = goodQuiz();
    two.items[0]!.options.forEach((o) => (o.correct = true));
    fixedClean('quiz', two, 'MULTIPLE_KEYS');
    const multi = goodQuiz();
    multi.items[0]!.type = 'multiple_choice';
    multi.items[0]!.options.forEach((o) => (o.correct = true));
    expect(checkArtifact('quiz', multi)).toEqual([]);

    const fb = goodQuiz();
    fb.items[0]!.options[1]!.feedback = '';
    expect(fixedClean('quiz', fb, 'MISSING_FEEDBACK').warning.path).toBe('items.0.options.1.feedback');

    const aota = goodQuiz();
    aota.items[0]!.options.push({ id: 'x', text: 'All of the above', correct: false, feedback: 'No.' });
    expect(fixedClean('quiz', aota, 'ALL_NONE_OF_THE_ABOVE').fixed.items[0]!.options).toHaveLength(2);
    const aotaKey = goodQuiz();
    aotaKey.items[0]!.options[0]!.correct = false;
    aotaKey.items[0]!.options.push({ id: 'x', text: 'All of the above', correct: true, feedback: 'Yes.' });
    const { fixed } = fixedClean('quiz', aotaKey, 'ALL_NONE_OF_THE_ABOVE');
    expect(fixed.items[0]!.type).toBe('multiple_choice');
    expect(fixed.items[0]!.options.every((o) => o.correct)).toBe(true);
    expect(checkArtifact('quiz', fixed)).toEqual([]);
  });

  it('checks ordering: three steps at least, none twice, each with a fix (issue 38)', () => {
    const ordering = (steps: string[]): QuizArtifact => {
      const q = goodQuiz();
      q.items.push({ ...choice('q3', 'ordering', []), stem: 'Put the bed checks in order.', steps });
      return q;
    };
    const fine = ordering(['Lower the bed', 'Apply the brakes', 'Place the call bell in reach']);
    expect(checkArtifact('quiz', fine)).toEqual([]);
    const { warning, fixed } = fixedClean(
      'quiz',
      ordering(['Lower the bed', 'Apply the brakes']),
      'TOO_FEW_STEPS',
    );
    expect(warning.message).toBe('An ordering item needs at least three steps; this one has 2.');
    expect(fixed.items[2]!.type).toBe('single_choice');
    expect(fixed.items[2]!.options.find((o) => o.correct)!.text).toBe('Lower the bed');
    const twice = fixedClean(
      'quiz',
      ordering(['Lower the bed', 'Apply the brakes', 'lower the bed.', 'Place the call bell in reach']),
      'DUPLICATE_STEP',
    );
    expect(twice.warning.path).toBe('items.2.steps.2');
    expect(twice.fixed.items[2]!.steps).toEqual([
      'Lower the bed',
      'Apply the brakes',
      'Place the call bell in reach',
    ]);
  });

  it('checks true/false, matching, short answer and objective coverage', () => {
    const tf = goodQuiz();
    tf.items[1]!.options[0]!.text = 'Yes';
    fixedClean('quiz', tf, 'TRUE_FALSE_OPTIONS');
    const few = goodQuiz();
    few.items[0]!.options.splice(1);
    fixedClean('quiz', few, 'TOO_FEW_OPTIONS');
    const match = goodQuiz();
    match.items.push({ ...choice('q3', 'matching', []), pairs: [{ left: 'Bed', right: 'Lowest position' }] });
    fixedClean('quiz', match, 'TOO_FEW_PAIRS');
    const sa = goodQuiz();
    sa.items.push({ ...choice('q3', 'short_answer', []), feedback: 'Lowest position with brakes on' });
    fixedClean('quiz', sa, 'NO_ACCEPTED_ANSWER');
    const cover = goodQuiz();
    cover.objectives.push({
      id: 'o2',
      text: 'Learners will be able to explain the toileting round',
      bloomLevel: 'understand',
    });
    const { fixed } = fixedClean('quiz', cover, 'OBJECTIVE_NOT_ASSESSED');
    expect(fixed.items.at(-1)).toMatchObject({ type: 'short_answer', objectiveId: 'o2' });
    expect(checkArtifact('quiz', fixed)).toEqual([]);
    const unknown = goodQuiz();
    unknown.items[0]!.objectiveId = 'o9';
    fixedClean('quiz', unknown, 'UNKNOWN_OBJECTIVE');
  });

  it('checks scenario structure: links, reachability, dead ends, endless loops', () => {
    const broken = goodScenario();
    broken.nodes[0]!.choices[1]!.nextNodeId = 'nowhere';
    expect(fixedClean('scenario', broken, 'BROKEN_LINK').warning.path).toBe('nodes.0.choices.1.nextNodeId');

    const start = goodScenario();
    start.startNodeId = 'zz';
    fixedClean('scenario', start, 'BROKEN_LINK');

    const orphan = goodScenario();
    orphan.nodes.push({
      id: 'n4',
      title: 'Orphan',
      narrative: 'Never seen.',
      choices: [],
      ending: { outcome: 'partial', summary: 'x' },
    });
    const { fixed } = fixedClean('scenario', orphan, 'UNREACHABLE_NODE');
    expect(checkArtifact('scenario', fixed)).toEqual([]);

    const dead = goodScenario();
    dead.nodes[2]!.ending = null;
    expect(fixedClean('scenario', dead, 'DEAD_END').warning.path).toBe('nodes.2');

    const loop = goodScenario();
    loop.nodes.push({
      id: 'n4',
      title: 'Loop A',
      narrative: 'a',
      choices: [{ id: 'a', text: 'On', nextNodeId: 'n5', consequence: '', score: 0 }],
      ending: null,
    });
    loop.nodes.push({
      id: 'n5',
      title: 'Loop B',
      narrative: 'b',
      choices: [{ id: 'b', text: 'Back', nextNodeId: 'n4', consequence: '', score: 0 }],
      ending: null,
    });
    loop.nodes[0]!.choices.push({ id: 'c3', text: 'Wait', nextNodeId: 'n4', consequence: '', score: 0 });
    const codes = checkArtifact('scenario', loop).map((w) => w.code);
    expect(codes).toEqual(['NO_ENDING', 'NO_ENDING']);
    let data = loop;
    for (let k = 0; k < 3; k++) {
      const w = checkArtifact('scenario', data)[0];
      if (!w) break;
      data = fixArtifact('scenario', data, w);
    }
    expect(checkArtifact('scenario', data)).toEqual([]);

    const none = goodScenario();
    none.nodes.forEach((n) => (n.ending = null));
    expect(checkArtifact('scenario', none).map((w) => w.code)).toContain('NO_ENDING');
  });

  it('checks plan minutes', () => {
    const p = goodPlan();
    p.totalMinutes = 90;
    expect(fixedClean('plan', p, 'DURATION_MISMATCH').fixed.totalMinutes).toBe(60);
    const over = goodPlan();
    over.modules[0]!.activities.push({ title: 'Quiz', type: 'assessment', durationMinutes: 45 });
    fixedClean('plan', over, 'ACTIVITY_OVERRUN');
  });
});

describe('quality checks: meaningless content', () => {
  const three = (): QuizArtifact => {
    const q = goodQuiz();
    q.items = ['q1', 'q2', 'q3'].map((id, i) =>
      choice(id, 'single_choice', [
        [['Lower the bed', 'Check the call bell', 'Clear the floor'][i]!, true, 'Right.'],
        [['Raise the rails', 'Dim the lights', 'Move the chair'][i]!, false, 'No.'],
        [['Wait for the doctor', 'Call the family', 'Fill in a form'][i]!, false, 'No.'],
      ]),
    );
    return q;
  };
  const codesOf = (q: QuizArtifact) => checkArtifact('quiz', q).map((w) => w.code);

  it('passes real questions', () => {
    expect(checkArtifact('quiz', three())).toEqual([]);
  });

  it('STEM_NO_PROPOSITION: no verb, or a quoted fragment cut mid-sentence', () => {
    const noVerb = three();
    noVerb.items[0]!.stem = 'Bed height and brakes for high-risk patients?';
    expect(codesOf(noVerb)).toEqual(['STEM_NO_PROPOSITION']);
    const fragment = three();
    fragment.items[1]!.stem = "Which step comes straight after '…before the first use of each shift. An'?";
    expect(codesOf(fragment)).toEqual(['STEM_NO_PROPOSITION']);
    // Imperatives and a quote that ends in a preposition are whole.
    const fine = three();
    fine.items[0]!.stem = 'Select every accurate statement about fall prevention.';
    fine.items[1]!.stem =
      'Which step comes straight after “Greet the patient and confirm who you are speaking to”?';
    expect(codesOf(fine)).toEqual([]);
  });

  it('SAME_DISTRACTOR_TEMPLATE: the same wrong option built the same way on every item', () => {
    const q = three();
    q.items.forEach((x, i) =>
      x.options.push({
        id: `${x.id}-t`,
        text: `“Step ${i}” can be skipped on a quiet night shift without any risk`,
        correct: false,
        feedback: 'No.',
      }),
    );
    expect(codesOf(q)).toEqual(['SAME_DISTRACTOR_TEMPLATE']);
  });

  it('OPTION_RESTATES_KEY and FILLER_OPTION, repaired by dropping the option', () => {
    const q = three();
    q.items[0]!.options.push({ id: 'r', text: 'Lower the bed.', correct: false, feedback: 'No.' });
    const { fixed } = fixedClean('quiz', q, 'OPTION_RESTATES_KEY');
    expect(fixed.items[0]!.options).toHaveLength(3);
    const f = three();
    f.items[2]!.options.push({
      id: 'f',
      text: '“Clear the floor” can be left out when you are short of time',
      correct: false,
      feedback: 'No.',
    });
    expect(codesOf(f)).toEqual(['FILLER_OPTION']);
    fixedClean('quiz', f, 'FILLER_OPTION');
  });

  it('DOUBLED_PUNCTUATION and TITLE_FRAGMENT, with their repairs', () => {
    const s = goodScenario();
    s.nodes[0]!.narrative = 'Mrs Patel is sitting on the edge of her bed at 2 a.m.. She looks unsteady.';
    const { fixed } = fixedClean('scenario', s, 'DOUBLED_PUNCTUATION');
    expect(fixed.nodes[0]!.narrative).toBe(
      'Mrs Patel is sitting on the edge of her bed at 2 a.m. She looks unsteady.',
    );
    for (const title of ['Quiz: The', 'Expensive', 'In-person', 'Quiz: Preventing the']) {
      const q = goodQuiz();
      q.title = title;
      q.topic = 'preventing patient falls';
      const { fixed: t } = fixedClean('quiz', q, 'TITLE_FRAGMENT');
      expect(t.title).toMatch(/Preventing patient falls$/);
    }
    const ok = goodQuiz();
    ok.title = 'Quiz: GDPR';
    expect(checkArtifact('quiz', ok)).toEqual([]);
  });
});
