// Issue 17 item 5: the dashboard's four actions send canned first messages (apps/web chat-utils CANNED_ACTIONS);
// each gets a fitting first answer offline instead of the message itself taken as the topic.
import { describe, expect, it } from 'vitest';
import { offlineAnswer } from './offline.js';

const answer = (text: string) => offlineAnswer([{ role: 'user', content: text }]);

describe('first answers to the dashboard actions', () => {
  it('Start Chat: a short welcome with what the assistant can do, ending with a question', () => {
    const a = answer('Hello! What can you help me create today?');
    expect(a).toMatch(/^Hello! I'm your L&D assistant/);
    expect(a).toContain('**Quizzes**');
    expect(a.trim().endsWith('?')).toBe(true);
    expect(a).not.toContain('Getting started');
    expect(a.length).toBeLessThan(1000);
  });

  it('New learning plan: the typed learning plan on the named subject, as the card renders it (issue 36)', () => {
    const a = answer('Help me create a new learning plan for onboarding new employees.');
    expect(a).toMatch(/^# Learning plan \(/);
    expect(a).toContain('**Topic:** onboarding for new employees · **Audience:** new employees');
    expect(a).toContain('| # | Module | When | Duration | Modality |');
  });

  it('SME walkthrough and Upload SME Notes: the interview opener, never "them" as a topic', () => {
    for (const text of [
      'Start an SME walkthrough on my area of expertise.',
      'I have SME notes to turn into training. Start an SME walkthrough on them.',
    ]) {
      const a = answer(text);
      expect(a).toMatch(/^## SME walkthrough\n/);
      expect(a).toContain('What is the subject?');
      expect(a).not.toMatch(/walkthrough: |related to (them|area of expertise)/i);
    }
  });

  it('an SME walkthrough with a real subject still interviews about it', () => {
    expect(answer('Start an SME walkthrough on forklift safety')).toMatch(
      /^## SME walkthrough: forklift safety/,
    );
  });
});
