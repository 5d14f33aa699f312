// @vitest-environment happy-dom
// Issue 36: a part drawn from a file shows "From hand-hygiene.docx, part 3" with its quote behind a disclosure;
// the card's placeholders come from the PLACEHOLDER warning's suggestion (for the banner and the export dialog).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ReadingFiles } from '../assistant/attachment-chips';
import { placeholdersOf } from './artifact-format';
import { SourceNote } from './source-note';
import { isMultiSelect, toggleOption } from './quiz-try';
import type { QuizItem } from '@app/api/schemas';

afterEach(cleanup);

const source = {
  fileId: 'f1',
  fileName: 'hand-hygiene.docx',
  part: 3,
  quote: 'Never wear rings on the ward.',
};

describe('SourceNote', () => {
  it('names the file and part; the quote opens from the summary and is its hover title', () => {
    render(<SourceNote source={source} />);
    const note = screen.getByTestId('artifact-source');
    expect(note.tagName).toBe('DETAILS');
    const summary = note.querySelector('summary')!;
    expect(summary.textContent).toContain('From hand-hygiene.docx, part 3');
    expect(summary.getAttribute('title')).toBe(source.quote);
    expect((note as HTMLDetailsElement).open).toBe(false);
    fireEvent.click(summary);
    expect(screen.getByTestId('artifact-source-quote').textContent).toBe(source.quote);
  });

  it('renders nothing without a source', () => {
    const { container } = render(<SourceNote source={null} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('placeholdersOf', () => {
  it('lists the PLACEHOLDER warning’s placeholders, none without one', () => {
    expect(
      placeholdersOf([
        { code: 'VAGUE_VERB', suggestion: 'identify' },
        { code: 'PLACEHOLDER', suggestion: '[SME: the NEWS2 trigger]; [SME: why this is right]' },
      ]),
    ).toEqual(['[SME: the NEWS2 trigger]', '[SME: why this is right]']);
    expect(placeholdersOf([{ code: 'VAGUE_VERB', suggestion: null }])).toEqual([]);
  });
});

describe('ReadingFiles', () => {
  it('says which files the answer is waiting for, as a status', () => {
    render(<ReadingFiles names={['hand-hygiene.docx']} />);
    expect(screen.getByRole('status').textContent).toBe('Reading hand-hygiene.docx…');
    cleanup();
    render(<ReadingFiles names={['a.docx', 'b.pdf', 'c.txt']} />);
    expect(screen.getByRole('status').textContent).toBe('Reading a.docx, b.pdf and c.txt…');
  });
});

describe('a one-key multiple choice in Try it', () => {
  const opt = (id: string, correct: boolean) => ({ id, text: id, correct, feedback: '' });
  const item = (keys: boolean[]): QuizItem => ({
    id: 'q',
    type: 'multiple_choice',
    stem: 'Which one?',
    options: keys.map((k, i) => opt(String.fromCharCode(97 + i), k)),
    acceptedAnswers: [],
    pairs: [],
    objectiveId: null,
    difficulty: 'easy',
    feedback: '',
  });
  it('takes one answer (radio) like every export; select-all keeps several', () => {
    const one = item([false, true, false]);
    expect(isMultiSelect(one)).toBe(false);
    expect(toggleOption(one, toggleOption(one, undefined, 'a'), 'b')).toEqual({
      kind: 'options',
      selected: ['b'],
    });
    expect(isMultiSelect(item([true, true, false]))).toBe(true);
  });
});
