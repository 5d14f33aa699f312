import { describe, expect, it } from 'vitest';
import { detectArtifactRequest } from './intent.js';

const copilot = { sessionType: 'LND_COPILOT' as const, current: null };

describe('detectArtifactRequest', () => {
  it.each([
    ['5 multiple-choice questions on GDPR', 'quiz'],
    ['Create a quiz on fire safety for warehouse staff', 'quiz'],
    ['3 true/false and 2 short-answer questions about hand hygiene', 'quiz'],
    ['ten questions on our expenses policy', 'quiz'],
    [
      'Write objectives for a 30-minute module teaching new nurses how to prevent patient falls',
      'objectives',
    ],
    ['Write learning objectives for a course on anti-bribery', 'objectives'],
    ['a branching scenario about handling an angry customer', 'scenario'],
    ['Build a role-play for a difficult feedback conversation', 'scenario'],
    ['eLearning vs virtual classroom vs job aid for 300 warehouse staff', 'modality'],
    ['Which modality should we use for forklift refresher training?', 'modality'],
    ['Should this be a video or a job aid for night-shift nurses?', 'modality'],
    ['a two-week onboarding plan for new software engineers', 'plan'],
    ['learning plan', 'plan'],
    ['Design a half-day workshop on coaching skills for new managers', 'plan'],
    ['I need a 3-day induction for new care assistants', 'plan'],
    ['I want a scenario-based quiz about safeguarding for teachers', 'quiz'],
    ['I need a microlearning series on food safety for kitchen staff', 'plan'],
    ['a 90-minute virtual session on de-escalation for support agents', 'plan'],
    ['What is the best way to deliver compliance training to 500 drivers?', 'modality'],
    ['advanced objectives on negotiation for senior account managers', 'objectives'],
    ['Can you write 5 questions on GDPR?', 'quiz'],
    ['could you create a learning plan for new hires', 'plan'],
  ])('%s → %s', (message, kind) => {
    expect(detectArtifactRequest(message, copilot)).toEqual({ kind, command: 'create' });
  });

  it.each([
    'hello',
    "what is Bloom's taxonomy?",
    'How do I write a good distractor?',
    'thanks!',
    '',
    'can you explain learning objectives',
    'Please tell me about branching scenarios',
    'what is the difference between a quiz and a knowledge check',
  ])('plain conversation %j → null', (message) => {
    expect(detectArtifactRequest(message, copilot)).toBeNull();
  });

  it('treats version commands as commands on the current artifact', () => {
    const current = { kind: 'quiz' as const };
    expect(detectArtifactRequest('revise: make it shorter', { ...copilot, current })).toEqual({
      kind: 'quiz',
      command: 'revise',
    });
    expect(detectArtifactRequest('revise for managers', { ...copilot, current })).toEqual({
      kind: 'quiz',
      command: 'revise',
    });
    expect(detectArtifactRequest('simpler', { ...copilot, current })).toEqual({
      kind: 'quiz',
      command: 'revise',
    });
    expect(detectArtifactRequest('add 3 more questions', { ...copilot, current })).toEqual({
      kind: 'quiz',
      command: 'revise',
    });
    expect(detectArtifactRequest('revise: make it shorter', copilot)).toBeNull();
    expect(detectArtifactRequest('simpler', copilot)).toBeNull();
    expect(detectArtifactRequest('add scenario', copilot)).toEqual({
      kind: 'scenario',
      command: 'add_scenario',
    });
    expect(detectArtifactRequest('Export plan', { ...copilot, current })).toEqual({
      kind: 'plan',
      command: 'export_plan',
    });
    expect(detectArtifactRequest('export the learning plan', copilot)).toEqual({
      kind: 'plan',
      command: 'export_plan',
    });
  });

  it('lets the session type imply a kind only for a deliverable that names none', () => {
    const builder = { sessionType: 'ASSESSMENT_BUILDER' as const, current: null };
    expect(detectArtifactRequest('make one for the fire-safety module', builder)).toEqual({
      kind: 'quiz',
      command: 'create',
    });
    expect(detectArtifactRequest('write objectives for the fire-safety module', builder)).toEqual({
      kind: 'objectives',
      command: 'create',
    });
    expect(detectArtifactRequest('what makes a good distractor?', builder)).toBeNull();
    expect(detectArtifactRequest('can you recommend a book on leadership?', copilot)).toBeNull();
    const micro = { sessionType: 'MICROLEARNING' as const, current: null };
    expect(detectArtifactRequest('create some training on password hygiene', micro)).toEqual({
      kind: 'plan',
      command: 'create',
    });
    const panel = { sessionType: 'EXPERT_PANEL' as const, current: null };
    expect(detectArtifactRequest('make one for the sales team', panel)).toBeNull();
  });

  it('summarises an SME walkthrough that is complete, and leaves its answers as conversation', () => {
    const sme = { sessionType: 'SME_WALKTHROUGH' as const, current: null };
    const history = ['Start an SME walkthrough on forklift pre-use checks', 'New warehouse operatives'];
    expect(
      detectArtifactRequest('A quiz at the end and observed practice', {
        ...sme,
        previousUserTexts: history,
      }),
    ).toBeNull();
    expect(detectArtifactRequest('summarise', { ...sme, previousUserTexts: history })).toEqual({
      kind: 'sme_summary',
      command: 'create',
    });
    expect(detectArtifactRequest('summarise', sme)).toEqual({ kind: 'sme_summary', command: 'create' });
    // The answer that completes the last area ends the interview: its summary is the artifact.
    const all = [
      'SME walkthrough on forklift pre-use checks',
      'new warehouse operatives',
      'they skip the checks',
      'inspect forks, test brakes, check horn',
      'missing hydraulic leaks',
      'checklist app',
    ];
    expect(
      detectArtifactRequest('observed check with a planted fault', { ...sme, previousUserTexts: all }),
    ).toEqual({ kind: 'sme_summary', command: 'create' });
    expect(detectArtifactRequest('summarise', { sessionType: 'LND_COPILOT', current: null })).toBeNull();
    expect(
      detectArtifactRequest('write objectives for forklift checks', { ...sme, previousUserTexts: history }),
    ).toEqual({ kind: 'objectives', command: 'create' });
  });

  it('classifies the phrasings issue 36 found missed', () => {
    expect(
      detectArtifactRequest('Plan a two-week onboarding programme for new graduate engineers', copilot),
    ).toEqual({
      kind: 'plan',
      command: 'create',
    });
    expect(
      detectArtifactRequest('Plan a 4-week phishing awareness campaign for 1,200 office staff', copilot),
    ).toEqual({ kind: 'plan', command: 'create' });
    expect(detectArtifactRequest('Turn the attached procedure into a branching scenario', copilot)).toEqual({
      kind: 'scenario',
      command: 'create',
    });
    expect(detectArtifactRequest('Summarise my notes into an SME summary', copilot)).toEqual({
      kind: 'sme_summary',
      command: 'create',
    });
    // Interview notes pasted into an SME session are the interview: the answer is its summary.
    const notes = `Notes from my interview with the head chef:
- Probe every batch of cooked chicken: 75 °C at the core for 30 s
- Cool rice within 90 minutes, then refrigerate at 5 °C or below
- The usual mistake: probes not cleaned between raw and cooked products
- New starters shadow a chef for two shifts`;
    const sme = { sessionType: 'SME_WALKTHROUGH' as const, current: null };
    expect(
      detectArtifactRequest(notes, {
        ...sme,
        previousUserTexts: ['Start an SME walkthrough on food safety'],
      }),
    ).toEqual({
      kind: 'sme_summary',
      command: 'create',
    });
    // A one-line answer in the walkthrough is still an answer.
    expect(
      detectArtifactRequest('new kitchen porters', {
        ...sme,
        previousUserTexts: ['Start an SME walkthrough on food safety'],
      }),
    ).toBeNull();
  });
});
