import { describe, expect, it } from 'vitest';
import { describeSmeState, simulationRequest, smeStateOf } from './assistant-sme.js';
import { subjectOf } from './assistant-text.js';
import { ASSISTANT_PROFILES, offlineAssistantAnswer, statedObjectives } from './offline-assistant.js';
import { createOfflineProvider, offlineAnswer } from './offline.js';
import type { LlmMessage } from './types.js';

const SYSTEM: LlmMessage = { role: 'system', content: 'system prompt' };
const answer = (profile: string, messages: LlmMessage[]) =>
  offlineAssistantAnswer(profile, [SYSTEM, ...messages], offlineAnswer)!;

/** Plays a conversation: each user text gets the offline answer of `profile`; returns the answers. */
function converse(profile: string, texts: string[], context: LlmMessage[] = []): string[] {
  const turns: LlmMessage[] = [];
  const out: string[] = [];
  for (const t of texts) {
    turns.push({ role: 'user', content: t });
    const a = offlineAssistantAnswer(profile, [SYSTEM, ...context, ...turns], offlineAnswer)!;
    out.push(a);
    turns.push({ role: 'assistant', content: a });
  }
  return out;
}

describe('offline assistant: one behaviour per session type', () => {
  it('each type answers the same request differently, and the same way every time', () => {
    const ask: LlmMessage[] = [{ role: 'user', content: 'Create a course on hand hygiene for new nurses' }];
    const answers = ASSISTANT_PROFILES.map((p) => answer(p, ask));
    expect(new Set(answers).size).toBe(ASSISTANT_PROFILES.length);
    expect(ASSISTANT_PROFILES.map((p) => answer(p, ask))).toEqual(answers);
    const [copilot, sme, micro, assessment, panel] = answers;
    expect(copilot).toContain('| Objective | Practice activity | Assessment | Modality |');
    expect(sme).toContain('### Question 1 of 6 — Audience');
    expect(micro).toMatch(/\| 1 \| Why hand hygiene matters \|/);
    expect(micro).toContain('Spaced retrieval');
    expect(assessment).toContain('Distractor rationale');
    expect(panel).toMatch(
      /Instructional designer[\s\S]*Subject-matter expert[\s\S]*Learner advocate[\s\S]*Compliance[\s\S]*## Synthesis/,
    );
    for (const a of answers) expect(a).toContain('hand hygiene');
  });

  it('an unknown profile is left to the chat answer', () => {
    expect(offlineAssistantAnswer('SOMETHING_ELSE', [{ role: 'user', content: 'hi' }], offlineAnswer)).toBe(
      undefined,
    );
  });

  it('never echoes the raw request as the topic; asks for one instead', () => {
    const vague = 'Can you help me put something together for next week?';
    for (const p of ASSISTANT_PROFILES) {
      const a = answer(p, [{ role: 'user', content: vague }]);
      expect(a).not.toContain(vague);
      expect(a).not.toContain('put something together');
    }
    expect(answer('LND_COPILOT', [{ role: 'user', content: vague }])).toContain(
      'Tell me the topic and the audience',
    );
    expect(subjectOf(vague)).toEqual({});
    expect(subjectOf('Create a microlearning series on hand hygiene for new nurses')).toEqual({
      topic: 'hand hygiene',
      audience: 'new nurses',
    });
    expect(subjectOf('Fire safety training for warehouse staff')).toEqual({
      topic: 'Fire safety',
      audience: 'warehouse staff',
    });
  });

  it('keeps the subject of the conversation for follow-ups', () => {
    const [, second] = converse('MICROLEARNING', [
      'Microlearning on data privacy for sales reps',
      'Now the retrieval plan please',
    ]);
    expect(second).toContain('## Spaced retrieval plan: data privacy');
  });

  it('copilot expands the column asked for and hands version commands to the chat logic', () => {
    const base = 'Design training on giving feedback for new team leaders';
    const [, objectives, modality] = converse('LND_COPILOT', [
      base,
      'Write the objectives',
      'Which modality fits best?',
    ]);
    expect(objectives).toContain('## Objectives for giving feedback');
    expect(objectives).toContain('*Practised by:*');
    expect(modality).toContain('## Modality for giving feedback');
    const [, revised] = converse('LND_COPILOT', [base, 'revise: make it shorter']);
    expect(revised).toContain('## Revised version');
  });

  it('microlearning keeps modules to 3–7 minutes with one objective each, and scripts a module', () => {
    const [series] = converse('MICROLEARNING', ['4 modules on phishing awareness for office staff']);
    const rows = series!.split('\n').filter((l) => /^\| \d \|/.test(l));
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      const minutes = Number(r.split('|')[5]);
      expect(minutes).toBeGreaterThanOrEqual(3);
      expect(minutes).toBeLessThanOrEqual(7);
    }
    const [, script] = converse('MICROLEARNING', ['Microlearning on phishing awareness', 'script module 3']);
    expect(script).toContain('## Microlearning script: module 3 — Spot the mistake');
    expect(script).toContain('**One objective:**');
  });

  it('the assessment builder aligns items to the stated objectives, by Bloom level, with distractor rationale', () => {
    const text = `Write items for these objectives:
1. Identify the five moments for hand hygiene
2. Learners will be able to perform a hand rub in 20 seconds
3. Compare alcohol rub and soap and water`;
    expect(statedObjectives([text]).map((o) => o.level)).toEqual(['Remember', 'Apply', 'Analyse']);
    const a = answer('ASSESSMENT_BUILDER', [{ role: 'user', content: text }]);
    expect(a).toContain('## Assessment: 3 stated objectives');
    expect(a).toContain('| 1. Identify the five moments for hand hygiene | Remember | Item 1 | MCQ |');
    expect(a).toContain('| 2. Perform a hand rub in 20 seconds | Apply | Item 2 | Scenario MCQ |');
    expect(a).toContain('**Item 3 · Case-based multiple choice · Analyse**');
    expect(a.match(/\| Option \| Distractor rationale \|/g)).toHaveLength(3);
    // Without objectives it drafts some and says so.
    expect(answer('ASSESSMENT_BUILDER', [{ role: 'user', content: 'A quiz on GDPR basics' }])).toContain(
      "You haven't stated objectives yet",
    );
  });
});

describe('offline assistant: files in the context', () => {
  const context: LlmMessage = {
    role: 'system',
    content: `The user uploaded these files to this session. Excerpts follow.

[file: forklift-checklist.docx, part 1 of 1]
Forklift pre-shift checklist
Inspect the forks for cracks before every shift
Test the horn and the warning lights
Check the hydraulic fluid level
Fasten the seat belt before moving`,
  };

  it('a knowledge check quotes the file and names it', () => {
    const [check] = converse('LND_COPILOT', ['make a knowledge check'], [context]);
    expect(check).toContain('## Knowledge check: forklift pre-shift checklist');
    expect(check).toContain('Inspect the forks for cracks before every shift');
    expect(check).toContain('Test the horn and the warning lights');
    expect(check).toContain('Sources: forklift-checklist.docx');
    expect(check).not.toContain('Forklift pre-shift checklist ✅');
  });

  it('other answers point at what the files say', () => {
    const [panel] = converse('EXPERT_PANEL', ['How should we roll this out?'], [context]);
    expect(panel).toContain('### From your files');
    expect(panel).toContain('“Check the hydraulic fluid level” (forklift-checklist.docx)');
  });
});

describe('offline assistant: SME walkthrough', () => {
  const answers = [
    'New warehouse operatives, about 40 a year, mostly agency staff',
    'They tick the checklist without doing the checks; two near misses this year',
    'First walk round the truck, then check forks and chains; test horn, lights and brakes; finally sign the sheet',
    'Skipping the walk-round on night shifts; not reporting small leaks',
    'The checklist on the truck and the defect book',
    'Watch them find a planted fault and log it',
  ];

  it('asks one structured question at a time, tracks the answers, then summarises', () => {
    const replies = converse('SME_WALKTHROUGH', [
      'Start an SME walkthrough on forklift pre-use checks',
      ...answers,
    ]);
    const labels = [
      'Audience',
      'Performance gap',
      'Key tasks',
      'Common errors',
      'Tools and resources',
      'Assessment evidence',
    ];
    for (let i = 0; i < 6; i++) {
      const r = replies[i]!;
      expect(r.match(/### Question/g)).toHaveLength(1);
      expect(r).toContain(`### Question ${i + 1} of 6 — ${labels[i]}`);
      if (i > 0)
        expect(r).toContain(
          `**Progress:** ${labels
            .slice(0, i)
            .map((l) => `✓ ${l}`)
            .join(' · ')}`,
        );
    }
    const summary = replies[6]!;
    expect(summary).toContain('## SME walkthrough summary: forklift pre-use checks');
    expect(summary).not.toContain('### Question');
    expect(summary).toContain('### Content outline');
    expect(summary).toContain('### Draft learning objectives');
    expect(summary).toContain('**Walk round the truck**');
    expect(summary).toContain('test horn, lights and brakes. *(Apply)*');
    expect(summary).toContain(
      'Identify and correct common errors such as “Skipping the walk-round on night shifts”',
    );
    expect(summary).toContain('| Tools and resources | The checklist on the truck and the defect book |');
    // Deterministic: the same conversation gives the same replies.
    expect(
      converse('SME_WALKTHROUGH', ['Start an SME walkthrough on forklift pre-use checks', ...answers]),
    ).toEqual(replies);
  });

  it('asks for the topic when none is given; skip, questions back and summarise early', () => {
    const replies = converse('SME_WALKTHROUGH', [
      "Let's do an SME walkthrough",
      'Handling customer refunds',
      'why do you need that?',
      'skip',
      'summarise',
    ]);
    expect(replies[0]).toContain('### Question 1 of 7 — Topic');
    expect(replies[1]).toContain("we'll focus on **Handling customer refunds**");
    expect(replies[1]).toContain('### Question 2 of 7 — Audience');
    expect(replies[2]).toContain('Good question. I ask about **audience**');
    expect(replies[2]).toContain('### Question 2 of 7 — Audience');
    expect(replies[3]).toContain("I'll leave **audience** as a gap");
    expect(replies[3]).toContain('### Question 3 of 7 — Performance gap');
    expect(replies[4]).toContain('## SME walkthrough summary: Handling customer refunds');
    expect(replies[4]).toContain('### Gaps to confirm');
    expect(replies[4]).toContain('| Audience | *skipped — to confirm* |');
  });

  it('simulation: plays an SME of the named field in character until debrief, then reviews the interview', () => {
    expect(simulationRequest('simulate a pharmacist SME')).toEqual({ field: 'pharmacist' });
    expect(simulationRequest('Can you role-play as an experienced nurse?')).toEqual({
      field: 'experienced nurse',
    });
    expect(simulationRequest('We run simulations on the ward every month')).toBe(null);
    const questions = [
      'Tell me about your role',
      'Do people make mistakes?',
      'Walk me through how you dispense a prescription',
      'What do you mean by the usual checks?',
      'Are you an AI?',
      'Tell me about a time it went wrong',
    ];
    const replies = converse('SME_WALKTHROUGH', ['simulate a pharmacist SME', ...questions, 'debrief']);
    const name = /I'm playing ([^,]+),/.exec(replies[0]!)![1]!;
    expect(replies[0]).toContain('a senior pharmacist');
    for (const r of replies.slice(1, -1)) {
      expect(r.startsWith(`**${name}:**`)).toBe(true);
      expect(r).not.toMatch(/debrief|### Question|As an AI/i);
    }
    expect(replies[2]).toBe(`**${name}:** Oh, all the time.`); // a closed question gets a closed answer
    expect(replies[3]).toContain('…and then the usual checks, obviously.');
    expect(replies[4]).toContain('original prescription'); // the probe reveals the tacit step
    const debrief = replies.at(-1)!;
    expect(debrief).toContain(`## Interview debrief: ${name}, senior pharmacist`);
    expect(debrief).toContain('| Key tasks | ✓ |');
    expect(debrief).toContain('| Tools and resources | ✗ |');
    expect(debrief).toContain('Instead of “Do people make mistakes?”');
    expect(debrief).toContain('You uncovered the tacit step');
    expect(debrief).toContain('you asked for a real example');
    expect(debrief).toContain('**2/6** areas');
  });

  it('the state is derived from the history and told to online models too', () => {
    const state = smeStateOf(['SME walkthrough on forklift checks', 'New operatives', 'skip']);
    expect(state).toMatchObject({ mode: 'walkthrough', event: 'skip', slot: 'gap' });
    expect(describeSmeState(state)).toBe(
      'Mode: walkthrough. Topic: forklift checks. Answered so far: Topic, Audience. Skipped: Performance gap. Ask exactly one question next, about: Key tasks.',
    );
    const sim = smeStateOf(['simulate a pharmacist SME', 'hello']);
    expect(sim.mode).toBe('simulation');
    expect(describeSmeState(sim)).toMatch(/^Mode: simulation\. You are role-playing .+, a senior pharmacist/);
  });
});

describe('offline provider with a profile', () => {
  it('streams the session type’s answer; without one, the chat answer', async () => {
    const provider = createOfflineProvider({ delayMs: 0 });
    const messages: LlmMessage[] = [
      SYSTEM,
      { role: 'user', content: 'Expert views on onboarding for new nurses' },
    ];
    const read = async (profile?: string) => {
      let text = '';
      for await (const ev of provider.stream({ messages, profile }))
        if (ev.type === 'delta') text += ev.content;
      return text;
    };
    expect(await read('EXPERT_PANEL')).toBe(answer('EXPERT_PANEL', messages.slice(1)));
    expect(await read()).toBe(offlineAnswer(messages.slice(1)));
  });
});
