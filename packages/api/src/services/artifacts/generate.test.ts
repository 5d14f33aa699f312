// Asking a model for an artifact (issue 36): the instruction keeps the session type's rules and asks for
// citations; max_tokens fits the kind and the counts asked; one repair turn when the checks find warnings,
// kept only when it has fewer; never offline. The model here is an in-process fake (the scripted HTTP endpoint
// is apps/server/src/rest/artifact-repair.db.test.ts).
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../content/request.js';
import { createOfflineProvider } from '../llm/offline.js';
import { LlmError, type LlmObjectRequest, type LlmProvider } from '../llm/types.js';
import {
  ARTIFACT_MAX_TOKENS,
  artifactInstruction,
  artifactMaxTokens,
  describeRepair,
  generateArtifact,
} from './generate.js';
import { citationKey } from './citations.js';
import {
  fakeModel,
  flawedForkliftQuiz,
  FORKLIFT_PROCEDURE,
  FORKLIFT_REQUEST,
  goodForkliftQuiz,
} from './repair-test-fixtures.js';

/** A model that answers each generateObject with the next scripted value (or throws it). */
const scriptedModel = (answers: unknown[]) =>
  fakeModel(() => {
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return next;
  });

const request = parseRequest(FORKLIFT_REQUEST);
const messages = [
  { role: 'system' as const, content: 'the session prompt' },
  { role: 'system' as const, content: '[file: forklift.txt, part 1 of 1, id f1]\nFasten the seat belt.' },
  { role: 'user' as const, content: FORKLIFT_REQUEST },
];

describe('the artifact instruction', () => {
  it("keeps the session type's rules and asks for verbatim citations", () => {
    const builder = artifactInstruction('quiz', 'ASSESSMENT_BUILDER');
    expect(builder).toContain('blueprint');
    expect(builder).toContain('recall items only for Remember/Understand');
    expect(artifactInstruction('plan', 'MICROLEARNING')).toContain('3–7 minutes');
    expect(artifactInstruction('plan', 'MICROLEARNING')).toContain('exactly ONE objective per module');
    expect(builder).toMatch(/"source".*part = N.*copied character for character/s);
    expect(artifactInstruction('quiz')).not.toContain('Session type');
  });
});

describe('max_tokens per kind', () => {
  it('grows with the counts asked, within the floor and the cap', () => {
    const quiz20 = artifactMaxTokens('quiz', parseRequest('Write a 20-question quiz on fire safety'));
    const quiz5 = artifactMaxTokens('quiz', parseRequest('Write a 5-question quiz on fire safety'));
    const objectives3 = artifactMaxTokens(
      'objectives',
      parseRequest('Write 3 learning objectives on fire safety'),
    );
    expect(quiz20).toBeGreaterThan(3 * quiz5);
    expect(quiz5).toBeGreaterThan(objectives3);
    expect(objectives3).toBeGreaterThanOrEqual(1_200);
    expect(artifactMaxTokens('quiz', parseRequest('Write a 50-question quiz on fire safety'))).toBe(
      ARTIFACT_MAX_TOKENS,
    );
    const fourWeeks = artifactMaxTokens(
      'plan',
      parseRequest('Plan a 4-week phishing awareness campaign for 1,200 office staff'),
    );
    const twoWeeks = artifactMaxTokens(
      'plan',
      parseRequest('Plan a two-week onboarding programme for new graduate engineers'),
    );
    expect(fourWeeks).toBeGreaterThan(twoWeeks);
    expect(artifactMaxTokens('scenario', parseRequest('A scenario with 5 decision points on triage'))).toBe(
      600 + 450 * 13,
    );
  });

  it('is sent to a model, not to the offline provider', async () => {
    const { llm, requests } = scriptedModel([goodForkliftQuiz()]);
    await generateArtifact(llm, { kind: 'quiz', messages, request });
    expect(requests[0]!.maxTokens).toBe(artifactMaxTokens('quiz', request));
    expect(requests[0]!.messages[0]!.content).toBe(artifactInstruction('quiz'));
    const offline = createOfflineProvider({ delayMs: 0 });
    const seen: LlmObjectRequest[] = [];
    const spy: LlmProvider = {
      ...offline,
      generateObject: (req) => (seen.push(req), offline.generateObject(req)),
    };
    const out = await generateArtifact(spy, { kind: 'quiz', messages, request });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.maxTokens).toBeUndefined();
    expect(out.repair).toBeNull();
  });
});

describe('the repair turn', () => {
  it('repairs a flawed artifact once, with the warnings, the request, the rules and the files', async () => {
    const { llm, requests } = scriptedModel([flawedForkliftQuiz(), goodForkliftQuiz()]);
    const out = await generateArtifact(llm, {
      kind: 'quiz',
      messages,
      request,
      sessionType: 'ASSESSMENT_BUILDER',
    });
    expect(out.data).toEqual(goodForkliftQuiz());
    expect(out.repair).toEqual({ before: 3, after: 0, kept: 'repaired' });
    expect(out.usage.totalTokens).toBe(300);
    expect(describeRepair(out.repair!)).toBe(
      'artifact repair turn (3 → 0 warnings; kept the repaired version)',
    );
    expect(requests).toHaveLength(2);
    const turn = requests[1]!.messages;
    expect(turn[0]!.content).toBe(artifactInstruction('quiz', 'ASSESSMENT_BUILDER'));
    expect(turn[1]!.content).toContain('[file: forklift.txt, part 1 of 1, id f1]');
    expect(turn[2]).toEqual({ role: 'user', content: FORKLIFT_REQUEST });
    expect(JSON.parse(turn[3]!.content)).toEqual(flawedForkliftQuiz());
    expect(turn[3]!.role).toBe('assistant');
    const ask = turn[4]!.content;
    expect(ask).toContain('Asked for 6 questions; this quiz has 4.');
    expect(ask).toContain('Question 2 is true/false, which the request ruled out.');
    expect(ask).toContain('"understand" is not observable');
    expect(ask).toContain(`The request it must answer: "${FORKLIFT_REQUEST}"`);
    expect(requests[1]!.maxTokens).toBe(requests[0]!.maxTokens);
  });

  it('keeps the first answer when the repair is not better, or fails', async () => {
    const worse = { ...flawedForkliftQuiz(), items: flawedForkliftQuiz().items.slice(0, 2) };
    worse.objectives = [{ id: 'o1', text: 'Know the checks', bloomLevel: 'remember' }];
    const a = scriptedModel([flawedForkliftQuiz(), worse]);
    const kept = await generateArtifact(a.llm, { kind: 'quiz', messages, request });
    expect(kept.data).toEqual(flawedForkliftQuiz());
    expect(kept.repair).toEqual({ before: 3, after: 3, kept: 'first' });
    expect(kept.usage.totalTokens).toBe(300);

    const b = scriptedModel([flawedForkliftQuiz(), new LlmError('busy', 'rate_limited', 429)]);
    const failed = await generateArtifact(b.llm, { kind: 'quiz', messages, request });
    expect(failed.data).toEqual(flawedForkliftQuiz());
    expect(failed.repair).toEqual({ before: 3, after: null, kept: 'first' });
    expect(describeRepair(failed.repair!)).toContain('the repair failed');

    const c = scriptedModel([flawedForkliftQuiz(), new LlmError('Aborted', 'aborted')]);
    await expect(generateArtifact(c.llm, { kind: 'quiz', messages, request })).rejects.toThrow('Aborted');
  });

  it('sends none for a clean artifact or for Fix (repair: false); an unverified citation drives one', async () => {
    const clean = scriptedModel([goodForkliftQuiz()]);
    expect((await generateArtifact(clean.llm, { kind: 'quiz', messages, request })).repair).toBeNull();
    expect(clean.requests).toHaveLength(1);

    const fix = scriptedModel([flawedForkliftQuiz()]);
    await generateArtifact(fix.llm, { kind: 'quiz', messages, request, repair: false });
    expect(fix.requests).toHaveLength(1);

    // A quote not found in the chunk it cites (read from the database) drives the repair too.
    const file = { fileId: 'f1', fileName: 'forklift.txt' };
    const misquoted = goodForkliftQuiz(file);
    misquoted.items[0]!.source!.quote = 'Cracked forks are fine for one more shift.';
    const cited = scriptedModel([misquoted, goodForkliftQuiz(file)]);
    const out = await generateArtifact(cited.llm, {
      kind: 'quiz',
      messages,
      request,
      citedChunks: async () => new Map([[citationKey('f1', 1), FORKLIFT_PROCEDURE]]),
    });
    expect(out.repair).toEqual({ before: 1, after: 0, kept: 'repaired' });
    expect(out.data).toEqual(goodForkliftQuiz(file));
    expect(cited.requests[1]!.messages.at(-1)!.content).toContain(
      'The quote "Cracked forks are fine for one more shift." is not in forklift.txt, part 1.',
    );
  });
});
