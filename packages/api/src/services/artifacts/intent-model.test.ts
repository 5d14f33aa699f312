// Intent by the model (issue 36): a small structured call decides whether a message asks for an artifact and
// which; the version commands and an SME interview's end stay the rules'; offline, a failed or a slow call,
// the offline classifier decides.
import { describe, expect, it } from 'vitest';
import { createOfflineProvider } from '../llm/offline.js';
import { LlmError } from '../llm/types.js';
import { decideArtifactIntent, INTENT_FORMAT_NAME, INTENT_MAX_TOKENS, intentSchema } from './intent-model.js';
import type { DetectArtifactOptions } from './intent.js';
import { fakeModel } from './repair-test-fixtures.js';

const usage = { promptTokens: 100, completionTokens: 50, totalTokens: 150 };
const model = fakeModel;

const copilot: DetectArtifactOptions = { sessionType: 'LND_COPILOT', current: null };

describe('intent by the model', () => {
  it("takes the model's kind, in a small structured call", async () => {
    const { llm, requests } = model(() => ({ kind: 'plan' }));
    const message = 'Plan a two-week onboarding programme for new graduate engineers';
    expect(await decideArtifactIntent(llm, message, copilot)).toEqual({
      kind: 'plan',
      command: 'create',
      decidedBy: 'model',
      usage,
    });
    const req = requests[0]!;
    expect(req.name).toBe(INTENT_FORMAT_NAME);
    expect(req.schema).toBe(intentSchema);
    expect(req.maxTokens).toBe(INTENT_MAX_TOKENS);
    expect(req.messages.at(-1)).toEqual({ role: 'user', content: message });
    expect(req.messages[0]!.content).toContain('plan: a learning plan');
  });

  it("reads a reply against the assistant's previous answer (its end)", async () => {
    const { llm, requests } = model(() => ({ kind: 'quiz' }));
    const offer = `${'Spacing practice helps. '.repeat(100)}Shall I draft a 6-question quiz on this?`;
    expect(
      await decideArtifactIntent(llm, 'Yes, go ahead', copilot, { previousAnswer: offer }),
    ).toMatchObject({ kind: 'quiz', decidedBy: 'model' });
    const [, previous, user] = requests[0]!.messages;
    expect(previous!.role).toBe('assistant');
    expect(previous!.content).toMatch(/^….*Shall I draft a 6-question quiz on this\?$/);
    expect(previous!.content.length).toBeLessThanOrEqual(1_501);
    expect(user).toEqual({ role: 'user', content: 'Yes, go ahead' });
  });

  it('the model may overrule the rules either way', async () => {
    const none = model(() => ({ kind: 'none' }));
    expect(await decideArtifactIntent(none.llm, 'Write a quiz on GDPR', copilot)).toBeNull();
    const scenario = model(() => ({ kind: 'scenario' }));
    expect(
      await decideArtifactIntent(scenario.llm, 'Walk my team through a tricky escalation', copilot),
    ).toMatchObject({ kind: 'scenario', decidedBy: 'model' });
  });

  it('leaves the version commands and an SME interview end to the rules', async () => {
    const { llm, requests } = model(() => ({ kind: 'quiz' }));
    const current = { kind: 'objectives' as const };
    expect(await decideArtifactIntent(llm, 'revise: make it shorter', { ...copilot, current })).toEqual({
      kind: 'objectives',
      command: 'revise',
      decidedBy: 'rules',
    });
    expect(await decideArtifactIntent(llm, 'export plan', copilot)).toMatchObject({ command: 'export_plan' });
    expect(
      await decideArtifactIntent(llm, 'summarise', { sessionType: 'SME_WALKTHROUGH', current: null }),
    ).toMatchObject({ kind: 'sme_summary', decidedBy: 'rules' });
    expect(requests).toHaveLength(0);
  });

  it('falls back to the offline classifier when the call fails or is too slow, and offline', async () => {
    const message = 'Turn the attached procedure into a branching scenario';
    const errors: unknown[] = [];
    const failing = model(() => {
      throw new LlmError('The AI provider returned an error. Please try again.', 'upstream', 500);
    });
    expect(
      await decideArtifactIntent(failing.llm, message, copilot, { onError: (e) => errors.push(e) }),
    ).toEqual({ kind: 'scenario', command: 'create', decidedBy: 'rules' });
    expect(errors).toHaveLength(1);

    const slow = model(
      (req) =>
        new Promise((_, reject) =>
          req.signal!.addEventListener('abort', () => reject(req.signal!.reason), { once: true }),
        ),
    );
    const started = Date.now();
    expect(await decideArtifactIntent(slow.llm, message, copilot, { timeoutMs: 50 })).toMatchObject({
      kind: 'scenario',
      decidedBy: 'rules',
    });
    expect(Date.now() - started).toBeLessThan(2_000);

    const chat = model(() => ({ kind: 'banana' }));
    expect(await decideArtifactIntent(chat.llm, 'what makes a good distractor?', copilot)).toBeNull();

    const offline = createOfflineProvider({ delayMs: 0 });
    expect(await decideArtifactIntent(offline, message, copilot)).toEqual({
      kind: 'scenario',
      command: 'create',
      decidedBy: 'rules',
    });
  });

  it('a send aborted meanwhile is not answered by the rules', async () => {
    const controller = new AbortController();
    const { llm } = model((req) => {
      controller.abort(new Error('client went away'));
      throw req.signal!.reason;
    });
    await expect(
      decideArtifactIntent(llm, 'Write a quiz on GDPR', copilot, { signal: controller.signal }),
    ).rejects.toThrow('client went away');
  });
});
