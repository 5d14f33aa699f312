import { describe, expect, it } from 'vitest';
import { describeSmeState, personaFor, simulationRequest, smeStateOf } from './assistant-sme.js';
import { subjectOf } from './assistant-text.js';
import {
  ASSISTANT_PROFILES,
  artifactMarkdown,
  offlineAssistantAnswer,
  statedObjectives,
} from './offline-assistant.js';
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
  it('a request for a deliverable is the typed card in every session type, as the send makes it', () => {
    const ask: LlmMessage[] = [{ role: 'user', content: 'Create a course on hand hygiene for new nurses' }];
    for (const p of ASSISTANT_PROFILES) {
      const a = answer(p, ask);
      expect(a).toBe(artifactMarkdown('plan', [SYSTEM, ...ask], p));
      expect(a).toMatch(/^# Learning plan \(/);
      expect(a).toContain('**Topic:** hand hygiene · **Audience:** new nurses');
    }
  });

  it('each type answers the same conversation differently, and the same way every time', () => {
    const ask: LlmMessage[] = [
      { role: 'user', content: 'Hand hygiene for new nurses: where should I start?' },
    ];
    const answers = ASSISTANT_PROFILES.map((p) => answer(p, ask));
    expect(new Set(answers).size).toBe(ASSISTANT_PROFILES.length);
    expect(ASSISTANT_PROFILES.map((p) => answer(p, ask))).toEqual(answers);
    const [copilot, sme, micro, assessment, panel] = answers;
    expect(copilot).toContain('| Objective | Practice activity | Assessment | Modality |');
    expect(sme).toContain('### Question 1 of 6 — Audience');
    expect(micro).toMatch(/\| 1 \| Why Hand hygiene matters \|/);
    expect(micro).toContain('Spaced retrieval');
    expect(assessment).toContain('Distractor rationale');
    expect(panel).toMatch(
      /Instructional designer[\s\S]*Subject-matter expert[\s\S]*Learner advocate[\s\S]*Compliance[\s\S]*## Synthesis/,
    );
    for (const a of answers) expect(a.toLowerCase()).toContain('hand hygiene');
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
    // "Now the retrieval plan" asks for a deliverable: the typed plan, on the conversation's subject.
    expect(second).toMatch(/^# Learning plan \(/);
    expect(second).toContain('**Topic:** data privacy · **Audience:** sales reps');
    const [, question] = converse('MICROLEARNING', [
      'Microlearning on data privacy for sales reps',
      'How would you space the retrieval practice?',
    ]);
    expect(question).toContain('## Spaced retrieval plan: data privacy');
  });

  it('copilot expands the column asked for and hands version commands to the chat logic', () => {
    const base = 'Design training on giving feedback for new team leaders';
    const [, objectives, modality] = converse('LND_COPILOT', [
      base,
      'Write the objectives',
      'Which modality fits best?',
    ]);
    // Deliverables are the typed cards (the one request parser keeps the conversation's subject).
    expect(objectives).toMatch(/^# Learning objectives: Giving feedback/);
    expect(objectives).toContain('**Audience:** new team leaders');
    expect(modality).toMatch(/^# Modality recommendation/);
    const [, assessment] = converse('LND_COPILOT', [base, 'How should we assess this?']);
    expect(assessment).toContain('## Assessment strategy for giving feedback');
    const [, revised] = converse('LND_COPILOT', [base, 'revise: make it shorter']);
    expect(revised).toContain('## Revised version');
  });

  it('which part a conversational question is about comes from the kind nouns of the request parser', () => {
    const copilot = (q: string) => answer('LND_COPILOT', [{ role: 'user', content: q }]);
    expect(copilot('What activities would work for hand hygiene with new nurses?')).toMatch(
      /^## Practice activities for hand hygiene/,
    );
    expect(copilot('What about the objectives for hand hygiene?')).toMatch(/^## Objectives for hand hygiene/);
    const panel = (q: string) => answer('EXPERT_PANEL', [{ role: 'user', content: q }]);
    expect(panel('What do you think of a certification exam for hand hygiene?')).toContain(
      'Align every item to one objective at its Bloom level',
    );
    expect(panel('Is blended or classroom better for hand hygiene?')).toContain('Match format to skill');
    expect(panel('How would you structure the hand hygiene course?')).toContain(
      'Start from the performance gap',
    );
  });

  it('microlearning keeps modules to 3–7 minutes with one objective each, and scripts a module', () => {
    const [series] = converse('MICROLEARNING', [
      'How would you split phishing awareness for office staff into 4 modules?',
    ]);
    const rows = series!.split('\n').filter((l) => /^\| \d \|/.test(l));
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      const minutes = Number(r.split('|')[5]);
      expect(minutes).toBeGreaterThanOrEqual(3);
      expect(minutes).toBeLessThanOrEqual(7);
    }
    const [, script] = converse('MICROLEARNING', [
      'Microlearning on phishing awareness',
      'Can you script module 3?',
    ]);
    expect(script).toContain('## Microlearning script: module 3 — Spot the mistake');
    expect(script).toContain('**One objective:**');
  });

  it('the assessment builder aligns items to the stated objectives, by Bloom level, with distractor rationale', () => {
    const text = `Write items for these objectives:
1. Identify the five moments for hand hygiene
2. Learners will be able to perform a hand rub in 20 seconds
3. Compare alcohol rub and soap and water
4. Diagnose why a hand rub missed the fingertips`;
    // The one Bloom table (content/bloom.ts): "compare" is Understand (A&K 2.6), as on the cards.
    expect(statedObjectives([text]).map((o) => o.level)).toEqual([
      'remember',
      'apply',
      'understand',
      'analyze',
    ]);
    const a = answer('ASSESSMENT_BUILDER', [{ role: 'user', content: text }]);
    expect(a).toContain('## Assessment: 4 stated objectives');
    expect(a).toContain('| 1. Identify the five moments for hand hygiene | Remember | Item 1 | MCQ |');
    expect(a).toContain('| 2. Perform a hand rub in 20 seconds | Apply | Item 2 | Scenario MCQ |');
    expect(a).toContain('| 3. Compare alcohol rub and soap and water | Understand | Item 3 | MCQ |');
    expect(a).toContain('**Item 4 · Case-based multiple choice · Analyze**');
    expect(a).not.toContain('Analyse');
    expect(a.match(/\| Option \| Distractor rationale \|/g)).toHaveLength(4);
    // Without objectives it drafts some and says so.
    expect(
      answer('ASSESSMENT_BUILDER', [{ role: 'user', content: 'What would you test on GDPR basics?' }]),
    ).toContain("You haven't stated objectives yet");
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

  it('a knowledge check is the typed quiz built from the file, citing it', () => {
    const [check] = converse('LND_COPILOT', ['make a knowledge check'], [context]);
    expect(check).toMatch(/^# Knowledge check: Forklift pre-shift checklist/);
    expect(check).toContain('Inspect the forks for cracks before every shift');
    expect(check).toContain('Test the horn and the warning lights');
    expect(check).toContain('_Source:_ forklift-checklist.docx, part 1');
    // No filler distractors of the old text template.
    expect(check).not.toContain('can be left out when you are short of time');
  });

  it('other answers point at what the files say, and take their subject from them', () => {
    const [panel] = converse('EXPERT_PANEL', ['How should we roll this out?'], [context]);
    expect(panel).toContain('### From your files');
    // The facts the one document reader finds (as the cards use them), with their part; never the title line.
    expect(panel).toContain('“Check the hydraulic fluid level” (forklift-checklist.docx, part 1)');
    expect(panel).not.toContain('“Forklift pre-shift checklist”');
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
    // The interview's end is the typed SME summary, as the send's card shows it.
    const summary = replies[6]!;
    expect(summary).toMatch(/^# SME interview summary: Forklift pre-use checks/);
    expect(summary).not.toContain('### Question');
    expect(summary).toContain('## Content outline');
    expect(summary).toContain('## Draft objectives');
    expect(summary).toContain('1. walk round the truck');
    expect(summary).toContain('| carry out this step correctly: test horn, lights and brakes | Apply |');
    // The error in the objective's sentence, not quoted (a quotation of a line from mid-sentence reads as a fragment).
    expect(summary).toContain('common errors such as skipping the walk-round on night shifts | Analyze |');
    expect(summary).toContain('Job aid built around the checklist on the truck and the defect book');
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
    expect(replies[4]).toMatch(/^# SME interview summary: Handling customer refunds/);
    expect(replies[4]).toMatch(/## Gaps to confirm with the expert\n\n- Who exactly takes this training/);
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
      'Walk me through how you look after a patient on a shift',
      'What do you mean by the usual checks?',
      'Are you an AI?',
      'Tell me about a time it went wrong',
    ];
    const replies = converse('SME_WALKTHROUGH', ['simulate a ward nurse SME', ...questions, 'debrief']);
    const name = /I'm playing ([^,]+),/.exec(replies[0]!)![1]!;
    expect(replies[0]).toContain('a senior ward nurse');
    for (const r of replies.slice(1, -1)) {
      expect(r.startsWith(`**${name}:**`)).toBe(true);
      expect(r).not.toMatch(/debrief|### Question|As an AI/i);
    }
    expect(replies[2]).toBe(`**${name}:** Oh, all the time.`); // a closed question gets a closed answer
    expect(replies[3]).toContain('…and then the usual checks, obviously.');
    // The probe reveals the tacit step: the one vocabulary's (domains.ts), as the cards on nursing say it.
    expect(replies[4]).toContain('check the call bell is within reach before leaving the bedside');
    const debrief = replies.at(-1)!;
    expect(debrief).toContain(`## Interview debrief: ${name}, senior ward nurse`);
    expect(debrief).toContain('| Key tasks | ✓ |');
    expect(debrief).toContain('| Tools and resources | ✗ |');
    expect(debrief).toContain('Instead of “Do people make mistakes?”');
    expect(debrief).toContain('You uncovered the tacit step');
    expect(debrief).toContain('you asked for a real example');
    expect(debrief).toContain('**2/6** areas');
  });

  it('the simulated expert knows only their own field: the one vocabulary on a confident match, or nothing specific', () => {
    const nursing = JSON.stringify(personaFor('ward nurse').domain);
    expect(nursing).toContain('SBAR');
    // Near misses: customer care is not nursing, a data analyst is not software engineering, HACCP is not
    // people management, Excel pivot tables are not software.
    for (const field of ['customer care', 'data analyst', 'HACCP', 'Excel pivot tables', 'pharmacist']) {
      const said = JSON.stringify(personaFor(field).domain).toLowerCase();
      for (const term of [
        'sbar',
        'patient',
        'roll back',
        'rollback',
        'pull request',
        'sql',
        'one-to-one',
        'delegat',
      ])
        expect(said).not.toContain(term);
      expect(said).toContain(field.toLowerCase());
    }
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
