// Offline quiz items on a vocabulary's steps: a procedure done in order (a sales call) may be asked as a sequence,
// while good practices that hold in any order (data protection, warehouse safety) are asked as practices — before,
// a GDPR quiz asked "which step comes straight after 'Store personal data only in approved systems'?" and put the
// practices "in the right order".
import { describe, expect, it } from 'vitest';
import type { LlmMessage } from '../types.js';
import { artifactContextOf } from './context.js';
import { VOCABULARIES } from './domains.js';
import { buildObjectives } from './objectives.js';
import { buildQuiz } from './quiz.js';

const stepsOf = (id: string) => VOCABULARIES.find((d) => d.id === id)!.steps;

const ctx = (message: string) =>
  artifactContextOf([{ role: 'user', content: message }], {
    system: [{ role: 'system', content: 'You are an L&D assistant.' } satisfies LlmMessage],
    profile: 'LND_COPILOT',
  });

const SEQUENCE = /comes straight after|step after|in the right order|place in the sequence/i;

describe('steps as a sequence only where they are one', () => {
  it('a data-protection quiz asks which practice is right, never what comes next, and has no ordering of practices', () => {
    const quiz = buildQuiz(
      ctx(
        'A 10-question quiz on GDPR for customer service agents, with multiple choice and one ordering item.',
      ),
    );
    expect(quiz.items.length).toBe(10);
    for (const item of quiz.items) expect(item.stem).not.toMatch(/comes straight after|step after/i);
    const practice = quiz.items.filter((i) =>
      /expected practice|should you do in|good practice/i.test(i.stem),
    );
    expect(practice.length).toBeGreaterThan(0);
    const steps = stepsOf('data-protection');
    const errors = VOCABULARIES.find((d) => d.id === 'data-protection')!.errors.map((e) => e.error);
    for (const item of practice) {
      // The key is one of the practices, worded as the errors are ("Storing …" beside "Waiting …").
      const key = item.options.find((o) => o.correct)!.text;
      expect(key).toMatch(/^[A-Z]\w+ing /);
      expect(steps.some((st) => st.split(' ').slice(1).join(' ') === key.split(' ').slice(1).join(' '))).toBe(
        true,
      );
      for (const o of item.options.filter((x) => !x.correct)) expect(errors).toContain(o.text);
    }
    // The ordering item asks the SME for the procedure rather than ordering practices.
    const ordering = quiz.items.find((i) => i.type === 'ordering');
    expect(ordering?.steps?.every((s) => s.startsWith('[SME:'))).toBe(true);
  });

  it('a sales quiz still asks for the next step of the call and orders its steps', () => {
    const quiz = buildQuiz(
      ctx(
        'A 10-question quiz on discovery calls for account executives, with multiple choice and one ordering item.',
      ),
    );
    expect(quiz.items.some((i) => SEQUENCE.test(i.stem))).toBe(true);
    const ordering = quiz.items.find((i) => i.type === 'ordering');
    expect(ordering?.steps).toEqual(stepsOf('sales'));
  });

  it('objectives list practices, and put only a procedure in order', () => {
    const behaviours = (m: string) => buildObjectives(ctx(m)).objectives.map((o) => o.behavior);
    const gdpr = behaviours(
      'Remember-level objectives for GDPR awareness, for customer service agents. 3 objectives.',
    );
    expect(gdpr.some((b) => /key practices of/.test(b))).toBe(true);
    expect(gdpr.join(' ')).not.toMatch(/in the right order/);
    const sales = behaviours(
      'Remember-level objectives for discovery calls, for account executives. 3 objectives.',
    );
    expect(sales.some((b) => /key steps of .* in the right order/.test(b))).toBe(true);
  });
});
