import { describe, expect, it } from 'vitest';
import { conversationIntentOf, detectArtifactRequest, versionCommandOf } from '../artifacts/intent.js';
import { renderArtifactMarkdown } from '../artifacts/markdown.js';
import { BLOOM_LEVEL_LABELS } from '../content/bloom.js';
import { parseRequest } from '../content/request.js';
import { conversationSubject } from './assistant-text.js';
import { buildOfflineArtifact } from './offline-artifacts/index.js';
import { chunkText, createOfflineProvider, offlineAnswer } from './offline.js';
import { fileNote } from '../files/retrieval.js';

const ask = (content: string) => offlineAnswer([{ role: 'user', content }]);

describe('offline provider', () => {
  it('recognises what is asked with the one intent classifier (artifacts/intent.ts)', () => {
    const copilot = { sessionType: 'LND_COPILOT' as const, current: null };
    const kind = (text: string) => detectArtifactRequest(text, copilot)?.kind;
    expect(kind('Write Bloom-aligned learning objectives for onboarding')).toBe('objectives');
    expect(kind('Create a 5 question quiz on GDPR')).toBe('quiz');
    expect(kind('Build a branching scenario about feedback')).toBe('scenario');
    expect(kind('Which modality fits forklift training?')).toBe('modality');
    expect(kind('Draft a learning plan for new managers')).toBe('plan');
    expect(versionCommandOf('revise: make it shorter')).toBe('revise');
    expect(versionCommandOf('add scenario')).toBe('add_scenario');
    expect(versionCommandOf('export plan')).toBe('export_plan');
    expect(conversationIntentOf('Hello!')).toBe('greeting');
    expect(conversationIntentOf('Start an SME walkthrough on forklift safety')).toBe('sme_interview');
    expect(conversationIntentOf('Show me an xAPI statement')).toBe('technology');
    // "code of conduct" is a subject, not a question on technology.
    expect(conversationIntentOf('Explain our code of conduct')).toBeNull();
  });

  it('reads the topic with the one request parser (content/request.ts)', () => {
    expect(conversationSubject(['Create a quiz on fire safety for warehouse staff.'])).toEqual({
      topic: 'fire safety',
      audience: 'warehouse staff',
    });
    expect(conversationSubject(['Write learning objectives about customer complaints']).topic).toBe(
      'customer complaints',
    );
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
    // The added scenario is the typed scenario, as its card renders it.
    expect(added).toContain('_Branching scenario_ · **Topic:**');
    expect(added).toContain('**Starts at:**');
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

/** The chat's offline answer and the typed card the assistant makes for the same request. */
function chatAndCard(text: string) {
  const kind = detectArtifactRequest(text, { sessionType: 'LND_COPILOT', current: null })!.kind;
  const messages = [{ role: 'user' as const, content: text }];
  const data = buildOfflineArtifact(kind, messages, { system: [], profile: 'LND_COPILOT' });
  return {
    chat: offlineAnswer(messages),
    card: renderArtifactMarkdown(kind, data),
    data: data as Record<string, unknown>,
  };
}

describe('the chat answers a deliverable with the typed card (issue 36 item 1)', () => {
  it('the same Markdown, topic and Bloom labels as the card', () => {
    for (const text of [
      'Write 4 learning objectives on preventing patient falls for new ward nurses at Apply and Analyze level',
      'Create a 6-question quiz on GDPR subject access requests for customer service agents, no true/false',
      'Build a branching scenario on handling an angry customer with 3 decision points',
      'Create a learning plan for new team leaders',
      'Which delivery format suits fire safety training for 300 warehouse staff on night shifts?',
    ]) {
      const { chat, card, data } = chatAndCard(text);
      expect(chat).toBe(card);
      expect(chat).toContain(`**Topic:** ${String(data.topic)}`);
      // The card's topic is the parsed request's (or, without one, training for its audience).
      const parsed = parseRequest(text);
      expect(String(data.topic).toLowerCase()).toContain((parsed.topic ?? parsed.audience)!.toLowerCase());
    }
    const { chat, data } = chatAndCard(
      'Write 4 learning objectives on preventing patient falls for new ward nurses at Apply and Analyze level',
    );
    const levels = (data.objectives as { bloomLevel: keyof typeof BLOOM_LEVEL_LABELS }[]).map(
      (o) => o.bloomLevel,
    );
    expect(new Set(levels)).toEqual(new Set(['apply', 'analyze']));
    for (const l of levels) expect(chat).toContain(BLOOM_LEVEL_LABELS[l]);
    // One Bloom table, one set of labels: never the chat's own spelling.
    expect(chat).not.toContain('Analyse');
  });

  it('near misses in chat too: Excel pivot tables is not software engineering, HACCP is not people management', () => {
    const excel = offlineAnswer([
      { role: 'user', content: 'Create a quiz on Excel pivot tables for finance staff' },
    ]);
    expect(excel).toContain('Excel pivot tables');
    for (const term of ['SQL injection', 'pull request', 'code review', 'deploy', 'on-call'])
      expect(excel.toLowerCase()).not.toContain(term.toLowerCase());
    const haccp = offlineAnswer([
      {
        role: 'user',
        content: 'Build a branching scenario on HACCP critical control points for kitchen managers',
      },
    ]);
    expect(haccp).toContain('HACCP');
    for (const term of ['one-to-one', 'delegat', 'Chris, a capable team member', 'performance review'])
      expect(haccp.toLowerCase()).not.toContain(term.toLowerCase());
    // A Bloom question without a deliverable gets the one Bloom table, with the cards' labels.
    const bloom = offlineAnswer([{ role: 'user', content: "Tell me about Bloom's taxonomy" }]);
    expect(bloom).toContain('| 4. Analyze |');
    expect(bloom).not.toContain('Analyse |');
  });
});

describe('offline technology answers', () => {
  it('includes a fenced code block', () => {
    const a = offlineAnswer([{ role: 'user', content: 'Show me an xAPI statement for a scenario' }]);
    expect(a).toContain('```json');
    expect(a).toContain('"verb"');
  });
});

describe('a file that could not be read', () => {
  it('is named with its reason above the answer, in chat and in an assistant session', async () => {
    const note = fileNote({
      filename: 'sop-scan.pdf',
      status: 'FAILED',
      failureReason:
        'This PDF has no text layer (a scan); export it with text or upload the source document.',
    })!;
    for (const profile of [undefined, 'LND_COPILOT' as const]) {
      const provider = createOfflineProvider({ delayMs: 0 });
      let out = '';
      for await (const e of provider.stream({
        messages: [
          { role: 'system', content: `Files:\n${note}` },
          { role: 'user', content: 'Make a quiz from the attached SOP' },
        ],
        ...(profile ? { profile } : {}),
      }))
        if (e.type === 'delta') out += e.content;
      expect(out.split('\n')[0]).toBe(
        '**sop-scan.pdf could not be used**: This PDF has no text layer (a scan); export it with text or upload the source document.',
      );
    }
  });
});
