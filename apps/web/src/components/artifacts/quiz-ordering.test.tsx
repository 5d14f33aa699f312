// @vitest-environment happy-dom
// Issue 38: an ordering item on the quiz card — hidden order, the correct order on "Show answers", and "Try it"
// with Move up / Move down buttons (no drag), the focus following the moved step, scored all or nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { QuizArtifact, QuizItem } from '@app/api/schemas';
import { QuizCard } from './quiz-card';
import { isAnswered, isItemCorrect, moveStep, startingOrder } from './quiz-try';

afterEach(cleanup);

const STEPS = ['Wet your hands', 'Apply soap', 'Scrub for 20 seconds', 'Rinse'];
const item: QuizItem = {
  id: 'q1',
  type: 'ordering',
  stem: 'Put the hand-washing steps in order.',
  options: [],
  acceptedAnswers: [],
  pairs: [],
  steps: STEPS,
  objectiveId: null,
  difficulty: 'easy',
  feedback: 'Wet, soap, scrub, rinse.',
};
const quiz: QuizArtifact = {
  title: 'Hand washing',
  topic: 'hand washing',
  audience: 'ward staff',
  objectives: [],
  items: [item],
  passingScore: 100,
};
const shown = () => screen.getAllByTestId('ordering-step').map((li) => li.textContent ?? '');

describe('ordering logic', () => {
  it('starts out of order, moves one place at a time, is right only when every step is in place', () => {
    const start = startingOrder(item);
    expect([...start].sort()).toEqual([0, 1, 2, 3]);
    expect(start).not.toEqual([0, 1, 2, 3]);
    expect(moveStep([0, 1, 2], 0, -1)).toEqual([0, 1, 2]);
    expect(moveStep([0, 1, 2], 0, 1)).toEqual([1, 0, 2]);
    expect(isAnswered(item, undefined)).toBe(false);
    expect(isItemCorrect(item, { kind: 'order', order: [0, 1, 2, 3] })).toBe(true);
    expect(isItemCorrect(item, { kind: 'order', order: [0, 1, 3, 2] })).toBe(false);
  });
});

describe('ordering on the quiz card', () => {
  it('hides the order, shows it with the answers', () => {
    render(<QuizCard data={quiz} />);
    const list = screen.getByTestId('ordering-steps');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.slice(1)),
    ).not.toEqual(STEPS);
    fireEvent.click(screen.getByRole('button', { name: 'Show answers' }));
    expect(
      within(screen.getByRole('list', { name: 'Correct order' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(STEPS.map((s, i) => `${i + 1}.${s}`));
  });

  it('Try it: the buttons put the steps in order, the focus stays on the moved step, all right scores 100 %', () => {
    render(<QuizCard data={quiz} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try it' }));
    // Bubble the steps into place with "Move up" only, as a keyboard user would.
    for (let place = 0; place < STEPS.length; place++) {
      const at = shown().findIndex((t) => t.includes(STEPS[place]!));
      for (let k = at; k > place; k--) {
        const up = screen.getByRole('button', { name: `Move "${STEPS[place]}" up` });
        fireEvent.click(up);
        expect(document.activeElement?.getAttribute('aria-label')).toMatch(
          new RegExp(`^Move "${STEPS[place]}" (up|down)$`),
        );
      }
    }
    expect(shown().map((t) => t.replace(/^\d+\./, ''))).toEqual(STEPS);
    expect(screen.getByRole('button', { name: `Move "${STEPS[0]}" up` })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Check answers' }));
    expect(screen.getByTestId('item-result').textContent).toBe('Correct');
    expect(screen.getByTestId('quiz-score').textContent).toContain('1 of 1 correct (100%');
  });
});
