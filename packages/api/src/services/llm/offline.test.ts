import { describe, expect, it } from 'vitest';
import { chunkText, createOfflineProvider, detectIntent, extractTopic, offlineAnswer } from './offline.js';

const ask = (content: string) => offlineAnswer([{ role: 'user', content }]);

describe('offline provider', () => {
  it('recognises what is asked', () => {
    expect(detectIntent('Write Bloom-aligned learning objectives for onboarding')).toBe('objectives');
    expect(detectIntent('Create a 5 question quiz on GDPR')).toBe('quiz');
    expect(detectIntent('Build a branching scenario about feedback')).toBe('scenario');
    expect(detectIntent('Which modality fits forklift training?')).toBe('modality');
    expect(detectIntent('Draft a learning plan for new managers')).toBe('plan');
    expect(detectIntent('revise: make it shorter')).toBe('revise');
    expect(detectIntent('add scenario')).toBe('add_scenario');
    expect(detectIntent('export plan')).toBe('export');
  });

  it('extracts the topic', () => {
    expect(extractTopic('Create a quiz on fire safety for warehouse staff.')).toBe(
      'fire safety for warehouse staff',
    );
    expect(extractTopic('Write learning objectives about customer complaints')).toBe('customer complaints');
  });

  it('answers a request for a deliverable with the Markdown of the typed artifact (issue 36)', () => {
    const objectives = ask('Write Bloom-aligned objectives for customer complaint handling');
    expect(objectives).toMatch(/^# Learning objectives: /);
    expect(objectives).toContain('| # | Objective | Bloom level | Condition | Criterion |');
    expect(objectives).toContain('customer complaint');
    const quiz = ask('Create a quiz on data privacy');
    expect(quiz).toMatch(/^# Quiz: Data privacy/);
    expect(quiz).toContain('## Questions');
    expect(ask('Which formats suit remote onboarding?')).toMatch(/Modality/);
    expect(ask('Build a branching scenario about safety')).toContain('**Starts at:**');
    expect(ask('Create a learning plan for new team leaders')).toContain(
      '| # | Module | When | Duration | Modality |',
    );
  });

  it('understands the version commands', () => {
    const first = ask('Create a learning plan for new team leaders');
    const convo = [
      { role: 'user' as const, content: 'Create a learning plan for new team leaders' },
      { role: 'assistant' as const, content: first },
    ];
    const revised = offlineAnswer([...convo, { role: 'user', content: 'revise: make it 2 hours long' }]);
    expect(revised).toContain('## Revised version');
    expect(revised).toContain('make it 2 hours long');
    const added = offlineAnswer([...convo, { role: 'user', content: 'add scenario' }]);
    expect(added).toContain('## Added scenario: new team leaders');
    const exported = offlineAnswer([
      ...convo,
      { role: 'assistant', content: added },
      { role: 'user', content: 'export plan' },
    ]);
    expect(exported).toContain('# Exported plan: new team leaders');
    expect(exported).toContain('## Added scenario');
  });

  it('is deterministic and streams in small chunks that add up to the answer', async () => {
    const p = createOfflineProvider({ delayMs: 0 });
    const messages = [{ role: 'user' as const, content: 'quiz on safety' }];
    const deltas: string[] = [];
    let usage;
    for await (const ev of p.stream({ messages })) {
      if (ev.type === 'delta') deltas.push(ev.content);
      else usage = ev.usage;
    }
    expect(deltas.length).toBeGreaterThan(20);
    expect(deltas.join('')).toBe(offlineAnswer(messages));
    expect(Math.max(...deltas.map((d) => d.length))).toBeLessThanOrEqual(36);
    expect(usage).toMatchObject({ totalTokens: expect.any(Number) });
    expect(chunkText('a b c', 1).join('')).toBe('a b c');
  });

  it('stops when aborted', async () => {
    const p = createOfflineProvider({ delayMs: 1 });
    const c = new AbortController();
    let n = 0;
    await expect(
      (async () => {
        for await (const _ of p.stream({ messages: [{ role: 'user', content: 'plan' }], signal: c.signal })) {
          if (++n === 3) c.abort(new Error('stop'));
        }
      })(),
    ).rejects.toThrow('stop');
    expect(n).toBe(3);
  });
});

describe('offline technology answers', () => {
  it('includes a fenced code block', () => {
    const a = offlineAnswer([{ role: 'user', content: 'Show me an xAPI statement for a scenario' }]);
    expect(a).toContain('```json');
    expect(a).toContain('"verb"');
  });
});
