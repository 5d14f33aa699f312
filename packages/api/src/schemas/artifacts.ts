// Structured L&D artifacts (SPEC §1: Bloom-aligned objectives, quizzes and knowledge checks, branching
// scenarios, modality recommendations, learning plans, SME interview summaries): one zod schema per kind.
// The same schemas are what `generateObject` asks the model for, what the offline provider builds, what the
// edit forms validate and what `PUT /api/artifacts/{id}` accepts. Every field is required (nullable where it
// may be empty) so OpenAI's strict Structured Outputs can express them.
import { z } from 'zod';

/** Bloom's revised taxonomy, lowest to highest. */
export const BLOOM_LEVELS = ['remember', 'understand', 'apply', 'analyze', 'evaluate', 'create'] as const;
export type BloomLevel = (typeof BLOOM_LEVELS)[number];
export const BLOOM_LEVEL_LABELS: Record<BloomLevel, string> = {
  remember: 'Remember',
  understand: 'Understand',
  apply: 'Apply',
  analyze: 'Analyze',
  evaluate: 'Evaluate',
  create: 'Create',
};

export const ARTIFACT_KINDS = ['objectives', 'quiz', 'scenario', 'modality', 'plan', 'sme_summary'] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];
export const ARTIFACT_KIND_LABELS: Record<ArtifactKind, string> = {
  objectives: 'Learning objectives',
  quiz: 'Quiz',
  scenario: 'Branching scenario',
  modality: 'Modality recommendation',
  plan: 'Learning plan',
  sme_summary: 'SME interview summary',
};

/**
 * Kinds only some plans may generate (SPEC §3 plan features: the objective generator, the assessment and
 * scenario builders and the modality recommender are Pro and Team; learning plan tools and exports are in
 * every plan). Refusals are 403 `PLAN_FEATURE`.
 */
export const ARTIFACT_KIND_PLANS: Partial<Record<ArtifactKind, readonly string[]>> = {
  objectives: ['pro', 'team'],
  quiz: ['pro', 'team'],
  scenario: ['pro', 'team'],
  modality: ['pro', 'team'],
};

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(max, `${label} is too long (at most ${max} characters)`);
const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} is too long (at most ${max} characters)`);
const id = z.string().trim().min(1, 'Id is required').max(40, 'Id is too long');

const TITLE_MAX = 200;
const SHORT = 300;
const LONG = 2_000;

/**
 * Where a part of an artifact comes from in the user's documents: the file, the stored chunk (`part`: its number
 * as the retrieval context marks it, "[file: name, part N of M, id ID]", i.e. the chunk's ordinal + 1) and a
 * verbatim quote of that chunk. Checked on every save: a quote not found in the chunk is a
 * warning (UNVERIFIED_CITATION). Null where the content is not drawn from a document.
 */
export const citationSchema = z.object({
  fileId: z.string().trim().min(1, 'File id is required').max(100),
  /** The file's name as uploaded, shown on the card ("From hand-hygiene.docx, part 3"). */
  fileName: text('File name', 255),
  /** The chunk's number in the file, 1-based as marked and shown. */
  part: z.number().int().min(1).max(100_000),
  quote: text('Quote', 600),
});
export type Citation = z.infer<typeof citationSchema>;
/**
 * Optional, so versions stored before citations existed stay valid; a model must still write it (null when
 * nothing is drawn from a document): the strict response schema makes a nullable property required.
 */
const source = citationSchema.nullish();

/** What every artifact carries: a title, the topic as a short noun phrase, and the audience. */
const artifactBase = {
  title: text('Title', TITLE_MAX),
  topic: text('Topic', SHORT),
  audience: text('Audience', SHORT),
};

// ---- Objectives -------------------------------------------------------------------------------------------

export const objectiveSchema = z.object({
  id,
  /** Who: "new ward nurses". */
  audience: text('Audience', SHORT),
  /** The measurable verb that opens the behaviour: "identify". */
  verb: text('Verb', 60),
  /** The observable behaviour, starting with the verb: "identify the three fall-risk factors on a chart". */
  behavior: text('Behaviour', 600),
  bloomLevel: z.enum(BLOOM_LEVELS, { error: `Bloom level must be one of ${BLOOM_LEVELS.join(', ')}` }),
  /** Given what: "given a patient chart". */
  condition: optionalText('Condition', SHORT),
  /** How well: "with no errors in 3 of 3 cases". */
  criterion: optionalText('Criterion', SHORT),
  /** The plan module this objective belongs to (a module id of a learning plan), or null. */
  moduleId: id.nullable(),
  source,
});
export type Objective = z.infer<typeof objectiveSchema>;

export const objectivesArtifactSchema = z.object({
  ...artifactBase,
  objectives: z.array(objectiveSchema).min(1, 'Add at least one objective').max(30, 'At most 30 objectives'),
});
export type ObjectivesArtifact = z.infer<typeof objectivesArtifactSchema>;

// ---- Quiz / knowledge check -------------------------------------------------------------------------------

export const QUIZ_ITEM_TYPES = [
  'single_choice',
  'multiple_choice',
  'true_false',
  'short_answer',
  'matching',
  'ordering',
] as const;
export type QuizItemType = (typeof QUIZ_ITEM_TYPES)[number];
export const QUIZ_ITEM_TYPE_LABELS: Record<QuizItemType, string> = {
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  true_false: 'True/false',
  short_answer: 'Short answer',
  matching: 'Matching',
  ordering: 'Ordering',
};
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

export const quizOptionSchema = z.object({
  id,
  text: text('Option text', 500),
  correct: z.boolean(),
  /** Why this option is right or wrong (shown after answering). */
  feedback: optionalText('Feedback', 600),
});

export const matchingPairSchema = z.object({
  left: text('Matching prompt', 300),
  right: text('Matching answer', 300),
});

export const quizItemSchema = z.object({
  id,
  type: z.enum(QUIZ_ITEM_TYPES, { error: `Item type must be one of ${QUIZ_ITEM_TYPES.join(', ')}` }),
  stem: text('Question', LONG),
  /** Choice items: the options (true/false: "True" and "False"); empty for short answer, matching, ordering. */
  options: z.array(quizOptionSchema).max(10, 'At most 10 options'),
  /** Short answer: the accepted answers; empty otherwise. */
  acceptedAnswers: z.array(text('Accepted answer', 200)).max(10, 'At most 10 accepted answers'),
  /** Matching: the pairs; empty otherwise. */
  pairs: z.array(matchingPairSchema).max(12, 'At most 12 pairs'),
  /**
   * Ordering: the steps in their correct order (the learner sees them shuffled); null, absent or empty
   * otherwise. Nullable and optional like `negativeMarking`, so quizzes stored before it still parse and the
   * model's strict response schema holds (it writes null).
   */
  steps: z.array(text('Step', 300)).max(12, 'At most 12 steps').nullable().optional(),
  /** The objective the item assesses (an id of `objectives`), or null. */
  objectiveId: id.nullable(),
  difficulty: z.enum(DIFFICULTIES),
  /** General feedback shown after the item. */
  feedback: optionalText('Feedback', 600),
  source,
});
export type QuizItem = z.infer<typeof quizItemSchema>;

/**
 * An ordering item's steps in the order a learner first sees them: alphabetical (stable, so the written
 * formats, the players and "Try it" agree), reversed when that happens to be the correct order.
 */
export function shownSteps(steps: readonly string[]): string[] {
  const sorted = [...steps].sort((a, b) => a.localeCompare(b));
  return steps.length > 1 && sorted.every((s, i) => s === steps[i]) ? sorted.reverse() : sorted;
}

/** An objective a quiz assesses (its own short copy, so a quiz stands alone). */
export const quizObjectiveSchema = z.object({
  id,
  text: text('Objective', 600),
  bloomLevel: z.enum(BLOOM_LEVELS),
});

export const quizArtifactSchema = z.object({
  ...artifactBase,
  objectives: z.array(quizObjectiveSchema).max(30, 'At most 30 objectives'),
  items: z.array(quizItemSchema).min(1, 'Add at least one question').max(50, 'At most 50 questions'),
  /** Pass mark in percent. */
  passingScore: z.number().int().min(0).max(100),
  /**
   * Multiple-answer items: wrong options take marks off (−100 % shared by them) when true; by default (null or
   * absent) a wrong option scores 0 and only the right ones share 100 % (issue 38).
   */
  negativeMarking: z.boolean().nullable().optional(),
});
export type QuizArtifact = z.infer<typeof quizArtifactSchema>;

// ---- Branching scenario ---------------------------------------------------------------------------------

export const SCENARIO_OUTCOMES = ['success', 'partial', 'failure'] as const;

export const scenarioChoiceSchema = z.object({
  id,
  text: text('Choice', 500),
  /** The node this choice leads to. */
  nextNodeId: id,
  /** What happens because of the choice (shown when it is taken). */
  consequence: optionalText('Consequence', 1_000),
  /** Points for the choice (negative for harmful ones). */
  score: z.number().int().min(-100).max(100),
});

export const scenarioNodeSchema = z.object({
  id,
  title: text('Node title', TITLE_MAX),
  narrative: text('Narrative', 3_000),
  choices: z.array(scenarioChoiceSchema).max(6, 'At most 6 choices per node'),
  /** Set on endings (no choices): how the story ends. */
  ending: z
    .object({
      outcome: z.enum(SCENARIO_OUTCOMES),
      summary: text('Ending summary', 1_000),
      /** Whether the ending passes the learner; null or absent: success passes, partial and failure fail. */
      passed: z.boolean().nullable().optional(),
    })
    .nullable(),
  source,
});
export type ScenarioNode = z.infer<typeof scenarioNodeSchema>;

export const scenarioArtifactSchema = z.object({
  ...artifactBase,
  /** The learning goal the scenario practises. */
  objective: text('Objective', 600),
  startNodeId: id,
  nodes: z
    .array(scenarioNodeSchema)
    .min(2, 'A scenario needs at least two nodes')
    .max(40, 'At most 40 nodes'),
  /**
   * Percent of the best path's score a passing ending needs for the packages to report "passed"; null or
   * absent: 80 (issue 38).
   */
  masteryScore: z.number().int().min(0).max(100).nullable().optional(),
});
export type ScenarioArtifact = z.infer<typeof scenarioArtifactSchema>;

// ---- Modality recommendation ----------------------------------------------------------------------------

export const MODALITIES = [
  'e_learning',
  'ilt',
  'vilt',
  'job_aid',
  'simulation',
  'coaching',
  'video',
  'microlearning',
  'on_the_job',
  'social',
] as const;
export type Modality = (typeof MODALITIES)[number];
export const MODALITY_LABELS: Record<Modality, string> = {
  e_learning: 'eLearning',
  ilt: 'Instructor-led (ILT)',
  vilt: 'Virtual classroom (vILT)',
  job_aid: 'Job aid',
  simulation: 'Simulation',
  coaching: 'Coaching',
  video: 'Video',
  microlearning: 'Microlearning',
  on_the_job: 'On-the-job practice',
  social: 'Social / peer learning',
};
export const EFFORT_LEVELS = ['low', 'medium', 'high'] as const;

export const modalityRecommendationSchema = z.object({
  /** The objective (its text) the recommendation is for. */
  objective: text('Objective', 600),
  modality: z.enum(MODALITIES, { error: `Modality must be one of ${MODALITIES.join(', ')}` }),
  rationale: text('Rationale', 1_000),
  /** Development effort. */
  effort: z.enum(EFFORT_LEVELS),
  tools: z.array(text('Tool', 100)).max(8, 'At most 8 tools'),
});

export const modalityArtifactSchema = z.object({
  ...artifactBase,
  /** Constraints the advice weighs (size, locations, shifts, budget, devices…). */
  constraints: z.array(text('Constraint', SHORT)).max(12),
  recommendations: z
    .array(modalityRecommendationSchema)
    .min(1, 'Add at least one recommendation')
    .max(20, 'At most 20 recommendations'),
  /** The blend in a paragraph. */
  summary: text('Summary', LONG),
});
export type ModalityArtifact = z.infer<typeof modalityArtifactSchema>;

// ---- Learning plan --------------------------------------------------------------------------------------

export const planActivitySchema = z.object({
  title: text('Activity', SHORT),
  /** e.g. "practice", "discussion", "reading", "demo". */
  type: text('Activity type', 60),
  durationMinutes: z.number().int().min(1).max(10_000),
});

export const planModuleSchema = z.object({
  id,
  title: text('Module title', TITLE_MAX),
  /** When it happens in the programme ("Day 1", "Week 2"), or null for a self-paced sequence. */
  when: optionalText('When', 60).nullable(),
  durationMinutes: z.number().int().min(1).max(100_000),
  modality: z.enum(MODALITIES),
  objectives: z.array(text('Objective', 600)).max(10),
  activities: z.array(planActivitySchema).max(12),
  assessments: z.array(text('Assessment', SHORT)).max(8),
  source,
});
export type PlanModule = z.infer<typeof planModuleSchema>;

export const planArtifactSchema = z.object({
  ...artifactBase,
  /** The whole programme's length as asked ("30 minutes", "two weeks"). */
  duration: text('Duration', 100),
  totalMinutes: z.number().int().min(1).max(1_000_000),
  modules: z.array(planModuleSchema).min(1, 'Add at least one module').max(40, 'At most 40 modules'),
});
export type PlanArtifact = z.infer<typeof planArtifactSchema>;

// ---- SME interview summary ------------------------------------------------------------------------------

export const smeSummaryArtifactSchema = z.object({
  ...artifactBase,
  outline: z
    .array(z.object({ module: text('Module', TITLE_MAX), points: z.array(text('Point', 600)).max(12) }))
    .min(1)
    .max(20),
  tasks: z.array(z.object({ task: text('Task', SHORT), steps: z.array(text('Step', 600)).max(20) })).max(20),
  commonErrors: z
    .array(
      z.object({
        error: text('Error', 600),
        consequence: optionalText('Consequence', 600),
        fix: optionalText('Fix', 600),
      }),
    )
    .max(20),
  draftObjectives: z.array(objectiveSchema).max(20),
  /** Open points to confirm with the expert. */
  gaps: z.array(text('Gap', 600)).max(12),
});
export type SmeSummaryArtifact = z.infer<typeof smeSummaryArtifactSchema>;

// ---- By kind --------------------------------------------------------------------------------------------

export const ARTIFACT_SCHEMAS = {
  objectives: objectivesArtifactSchema,
  quiz: quizArtifactSchema,
  scenario: scenarioArtifactSchema,
  modality: modalityArtifactSchema,
  plan: planArtifactSchema,
  sme_summary: smeSummaryArtifactSchema,
} as const satisfies Record<ArtifactKind, z.ZodType>;

export interface ArtifactDataByKind {
  objectives: ObjectivesArtifact;
  quiz: QuizArtifact;
  scenario: ScenarioArtifact;
  modality: ModalityArtifact;
  plan: PlanArtifact;
  sme_summary: SmeSummaryArtifact;
}
export type ArtifactData = ArtifactDataByKind[ArtifactKind];

/** The `generateObject` format name of each kind (`a-z0-9_`). */
export const ARTIFACT_FORMAT_NAMES: Record<ArtifactKind, string> = {
  objectives: 'learning_objectives',
  quiz: 'quiz',
  scenario: 'branching_scenario',
  modality: 'modality_recommendation',
  plan: 'learning_plan',
  sme_summary: 'sme_interview_summary',
};

// ---- Checks ---------------------------------------------------------------------------------------------

/** A problem a check found on an artifact: shown on its card with a one-click Fix. */
export const artifactWarningSchema = z.object({
  /** e.g. VAGUE_VERB, VERB_LEVEL_MISMATCH, NO_KEY, MISSING_FEEDBACK, ALL_OF_THE_ABOVE, OBJECTIVE_NOT_ASSESSED,
   * UNREACHABLE_NODE, DEAD_END, NO_ENDING. */
  code: z.string(),
  message: z.string(),
  /** Where: a dotted path into the data ("items.2.options"), or "" for the whole artifact. */
  path: z.string(),
  /** A suggested replacement, when the check has one (e.g. verbs for a vague verb). */
  suggestion: z.string().nullable(),
});
export type ArtifactWarning = z.infer<typeof artifactWarningSchema>;

/**
 * Warnings only a writer can fix — a model, or the designer with Edit: subject content (a draft's placeholders),
 * the topic, a stem's proposition, the item types or levels asked. The offline Fix leaves the artifact as it is
 * for these, so the card offers no Fix for them offline.
 */
export const WRITER_ONLY_WARNINGS: readonly string[] = [
  'FORBIDDEN_TYPE',
  'BLOOM_MISMATCH',
  'DECISION_POINTS_MISMATCH',
  'OFF_TOPIC',
  'PLACEHOLDER',
  'STEM_NO_PROPOSITION',
  'SAME_DISTRACTOR_TEMPLATE',
];

// ---- Exports --------------------------------------------------------------------------------------------

export const EXPORT_FORMATS = [
  'gift',
  'moodle_xml',
  'qti',
  'csv',
  'markdown',
  'docx',
  'json',
  'html',
  'scorm',
  'qti12',
  'blackboard',
  'brightspace',
  'scorm2004',
  'cmi5',
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  gift: 'GIFT (Moodle)',
  moodle_xml: 'Moodle XML',
  qti: 'QTI 2.1 package',
  csv: 'CSV',
  markdown: 'Markdown',
  docx: 'Word (.docx)',
  json: 'JSON',
  html: 'HTML player',
  scorm: 'SCORM 1.2 package',
  qti12: 'QTI 1.2 package (Canvas)',
  blackboard: 'Blackboard question file',
  brightspace: 'Brightspace CSV',
  scorm2004: 'SCORM 2004 package',
  cmi5: 'cmi5 package',
};
/** The formats each kind exports to (first: the default). */
export const EXPORT_FORMATS_BY_KIND: Record<ArtifactKind, readonly ExportFormat[]> = {
  quiz: [
    'gift',
    'moodle_xml',
    'qti',
    'qti12',
    'blackboard',
    'brightspace',
    'csv',
    'scorm',
    'scorm2004',
    'cmi5',
    'markdown',
  ],
  objectives: ['markdown', 'docx', 'csv'],
  plan: ['markdown', 'docx'],
  scenario: ['html', 'json', 'scorm', 'scorm2004', 'cmi5'],
  modality: ['markdown', 'docx', 'csv'],
  sme_summary: ['markdown', 'docx'],
};

/** Where an export goes (issue 38): each target picks the format it imports and a per-item check. */
export const EXPORT_TARGETS = [
  'moodle',
  'canvas',
  'blackboard',
  'brightspace',
  'totara',
  'scorm12',
  'scorm2004',
  'cmi5',
] as const;
export type ExportTarget = (typeof EXPORT_TARGETS)[number];
export const EXPORT_TARGET_LABELS: Record<ExportTarget, string> = {
  moodle: 'Moodle',
  canvas: 'Canvas',
  blackboard: 'Blackboard',
  brightspace: 'Brightspace (D2L)',
  totara: 'Totara',
  scorm12: 'Cornerstone / any SCORM 1.2 LMS',
  scorm2004: 'Any SCORM 2004 LMS',
  cmi5: 'Any cmi5 LMS',
};
export const IMPORT_STATUSES = ['as_is', 'changes', 'cannot'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  as_is: 'Imports as is',
  changes: 'Imports with changes',
  cannot: 'Cannot import',
};

// ---- Procedure inputs -----------------------------------------------------------------------------------

export const artifactIdSchema = z.string().min(1, 'Artifact id is required').max(100);
const versionSchema = z.coerce
  .number({ error: 'Version must be a number' })
  .int('Version must be a whole number')
  .min(1, 'Version must be 1 or more');

export const listArtifactsInput = z.object({
  sessionId: z.string().min(1, 'Session id is required').max(100),
});
export const getArtifactInput = z.object({ artifactId: artifactIdSchema, version: versionSchema.optional() });
export const updateArtifactInput = z.object({
  artifactId: artifactIdSchema,
  /** Validated by the artifact kind's schema on the server (400 with the field's message otherwise). */
  data: z.unknown(),
  /** The version the edit was made on: a newer latest version answers 409 instead of overwriting it. */
  baseVersion: versionSchema.optional(),
  /** What changed, in a line (shown in the version list). */
  note: z.string().trim().max(200, 'Note is too long').optional(),
});
export const restoreArtifactInput = z.object({ artifactId: artifactIdSchema, version: versionSchema });
export const fixArtifactInput = z.object({
  artifactId: artifactIdSchema,
  /** The warning to repair (its code and path, as listed). */
  code: z.string().min(1).max(60),
  path: z.string().max(200),
});
export const exportArtifactInput = z.object({
  artifactId: artifactIdSchema,
  format: z.enum(EXPORT_FORMATS, { error: `Format must be one of ${EXPORT_FORMATS.join(', ')}` }),
  version: versionSchema.optional(),
});
export const exportCheckInput = z.object({
  artifactId: artifactIdSchema,
  target: z.enum(EXPORT_TARGETS, { error: `Target must be one of ${EXPORT_TARGETS.join(', ')}` }),
  version: versionSchema.optional(),
});
