// A fake in-process model, and the quizzes a scripted model answers with in the repair-turn tests
// (generate.test.ts, intent-model.test.ts, artifact-repair.db.test.ts): the request asks for six questions on
// forklift pre-shift checks with no true/false; the flawed quiz has four (one true/false, a vague "understand"
// objective, an uncited item and, drawn from a file, a misquote), the good one is what was asked, each item
// citing the procedure when given the file (its id and name).
import type { z } from 'zod';
import type { QuizArtifact, QuizItem } from '../../schemas/artifacts.js';
import type { LlmObjectRequest, LlmProvider } from '../llm/types.js';

/**
 * A model in the process (kind "openai"): each generateObject is answered by `answer` (a value the request's
 * schema parses, or a throw), with 150 tokens of usage; `requests` records what it was asked.
 */
export function fakeModel(answer: (req: LlmObjectRequest, n: number) => unknown) {
  const requests: LlmObjectRequest[] = [];
  const llm: LlmProvider = {
    kind: 'openai',
    model: 'fake',
    stream: () => {
      throw new Error('not used');
    },
    async generateObject<S extends z.ZodType>(req: LlmObjectRequest<S>) {
      requests.push(req);
      const out = await answer(req, requests.length - 1);
      return {
        object: req.schema.parse(out) as z.output<S>,
        usage: { promptTokens: 100, completionTokens: 50, totalTokens: 150 },
      };
    },
  };
  return { llm, requests };
}

export const FORKLIFT_REQUEST =
  'Write a 6-question quiz on forklift pre-shift checks for warehouse staff. No true/false.';

/** The procedure a test uploads (one chunk): each good item quotes one of its sentences. */
export const FORKLIFT_PROCEDURE = [
  'Forklift pre-shift checks.',
  'Do the pre-shift check before the first use of the truck in each shift.',
  'A crack at the heel of a fork takes the truck out of service.',
  'If the horn does not sound, tag the truck out of service and report it.',
  'Report hydraulic fluid below the minimum mark so maintenance can top it up before use.',
  'Fasten the seat belt before moving: it keeps you in the cab if the truck tips over.',
  'Test the flashing beacon and the reversing lights.',
].join('\n');

export interface CiteFile {
  fileId: string;
  fileName: string;
}

const options = (key: string, wrong: string[]) => [
  { id: 'a', text: key, correct: true, feedback: `Right: ${key.toLowerCase()} is what the procedure asks.` },
  ...wrong.map((w, i) => ({
    id: String.fromCharCode(98 + i),
    text: w,
    correct: false,
    feedback: `Not this one: the procedure does not accept "${w.toLowerCase()}".`,
  })),
];

const ITEMS: { stem: string; key: string; wrong: string[]; quote: string; objectiveId: string }[] = [
  {
    stem: 'Which defect on the forks takes the forklift out of service?',
    key: 'A crack at the heel of a fork',
    wrong: ['Light surface rust on the fork tips', 'Scuffed paint on the carriage', 'Dust on the backrest'],
    quote: 'A crack at the heel of a fork takes the truck out of service.',
    objectiveId: 'o1',
  },
  {
    stem: 'The horn does not sound during the pre-shift check. What do you do?',
    key: 'Tag the truck out of service and report it',
    wrong: [
      'Drive on and report it at the end of the shift',
      'Use hand signals at junctions instead',
      'Ask a colleague to walk ahead of the truck',
    ],
    quote: 'If the horn does not sound, tag the truck out of service and report it.',
    objectiveId: 'o2',
  },
  {
    stem: 'When do you carry out the forklift pre-shift check?',
    key: 'Before the first use of the truck in each shift',
    wrong: ['Once a week, with the supervisor', 'Only after a repair', 'At the end of every shift'],
    quote: 'Do the pre-shift check before the first use of the truck in each shift.',
    objectiveId: 'o2',
  },
  {
    stem: 'The hydraulic fluid is below the minimum mark. What is the right action?',
    key: 'Report it so maintenance can top it up before use',
    wrong: [
      'Lift only light loads until the shift ends',
      'Top it up with engine oil from the store',
      'Carry on while the mast still lifts',
    ],
    quote: 'Report hydraulic fluid below the minimum mark so maintenance can top it up before use.',
    objectiveId: 'o2',
  },
  {
    stem: 'Why do you fasten the seat belt before moving the forklift?',
    key: 'It keeps you in the cab if the truck tips over',
    wrong: [
      'The engine will not start without it',
      'It stops the load from sliding off the forks',
      'Site rules ask for it on public roads only',
    ],
    quote: 'Fasten the seat belt before moving: it keeps you in the cab if the truck tips over.',
    objectiveId: 'o1',
  },
  {
    stem: 'Which lights do you test as part of the pre-shift checks?',
    key: 'The flashing beacon and the reversing lights',
    wrong: ['The dashboard clock display', 'The cab reading light', 'The fuel gauge backlight'],
    quote: 'Test the flashing beacon and the reversing lights.',
    objectiveId: 'o1',
  },
];

function item(i: number, file: CiteFile | null): QuizItem {
  const x = ITEMS[i]!;
  return {
    id: `q${i + 1}`,
    type: 'single_choice',
    stem: x.stem,
    options: options(x.key, x.wrong),
    acceptedAnswers: [],
    pairs: [],
    objectiveId: x.objectiveId,
    difficulty: 'medium',
    feedback: '',
    source: file ? { ...file, part: 1, quote: x.quote } : null,
  };
}

const base = {
  title: 'Forklift pre-shift checks quiz',
  topic: 'forklift pre-shift checks',
  audience: 'Warehouse staff who drive forklifts',
  passingScore: 80,
};

/** What was asked: six single-choice items, measurable objectives, each item citing the procedure. */
export function goodForkliftQuiz(file: CiteFile | null = null): QuizArtifact {
  return {
    ...base,
    objectives: [
      { id: 'o1', text: 'Identify the defects that take a forklift out of service', bloomLevel: 'remember' },
      {
        id: 'o2',
        text: 'Apply the pre-shift checks before the first use of a forklift',
        bloomLevel: 'apply',
      },
    ],
    items: ITEMS.map((_, i) => item(i, file)),
  };
}

/**
 * A slip: four items (six asked), one of them true/false (ruled out), a vague objective, an uncited item, and
 * (drawn from a file) a quote that is not in the part it cites.
 */
export function flawedForkliftQuiz(file: CiteFile | null = null): QuizArtifact {
  const trueFalse: QuizItem = {
    id: 'q2',
    type: 'true_false',
    stem: 'A forklift with a cracked fork may be used until the end of the shift.',
    options: [
      {
        id: 't',
        text: 'True',
        correct: false,
        feedback: 'No: a cracked fork takes the truck out of service.',
      },
      {
        id: 'f',
        text: 'False',
        correct: true,
        feedback: 'Right: the truck is taken out of service at once.',
      },
    ],
    acceptedAnswers: [],
    pairs: [],
    objectiveId: 'o1',
    difficulty: 'easy',
    feedback: '',
    source: null,
  };
  return {
    ...base,
    objectives: [{ id: 'o1', text: 'Understand the forklift pre-shift checks', bloomLevel: 'understand' }],
    items: [
      { ...item(0, file), objectiveId: 'o1' },
      trueFalse,
      {
        ...item(2, file),
        objectiveId: 'o1',
        ...(file
          ? { source: { ...file, part: 1, quote: 'Check the forklift once a week with the supervisor.' } }
          : {}),
      },
      { ...item(3, null), objectiveId: 'o1' },
    ],
  };
}
