// Where an artifact's topic comes from when the request does not name it well (issue 36: "Quiz: Slide 1" for a
// deck; "Learning plan: Formative" for "formative assessment").
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../content/request.js';
import type { LlmMessage } from '../types.js';
import { artifactContextOf } from './context.js';

const deck: LlmMessage = {
  role: 'system',
  content:
    'Relevant passages from the session files:\n\n[file: breach.pptx, part 1 of 2, id f1]\n## Slide 1\nPersonal data breach: the first hour\nWho to call and what to keep.\n\n[file: breach.pptx, part 2 of 2, id f1]\n## Slide 2\nReport a suspected breach to the DPO within 1 hour.',
};

describe('topic', () => {
  it('of a deck is its title slide, not the extraction’s "Slide 1" mark', () => {
    const c = artifactContextOf([{ role: 'user', content: 'Write 6 questions from the attached slides.' }], {
      system: [{ role: 'system', content: 'You are an L&D assistant.' }, deck],
      profile: 'LND_COPILOT',
    });
    expect(c.topic).toBe('personal data breach: the first hour');
  });

  it('keeps "assessment" when it is part of the subject', () => {
    expect(
      parseRequest(
        'Plan a PD programme on formative assessment for a primary school staff team: six 1-hour after-school sessions.',
      ).topic,
    ).toBe('formative assessment');
  });

  it('keeps a hyphenated compound whole ("long-term sick leave", not "term sick leave")', () => {
    expect(
      parseRequest(
        'Give me a role-play for retail managers: an employee comes back from long-term sick leave and asks for reduced hours.',
      ).topic,
    ).toBe('long-term sick leave');
  });
});
