// @vitest-environment happy-dom
// Issue 39: the comment box lists the members to @mention as you type (role=listbox/option, the box keeps focus
// through aria-activedescendant); ArrowDown/ArrowUp move, Enter inserts the handle, Escape closes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CommentsPanel } from './comments-panel';
import type { MentionCandidate } from './mentions';

vi.mock('../conversation/markdown', () => ({ Markdown: ({ children }: { children: string }) => children }));

afterEach(cleanup);

const members: MentionCandidate[] = [
  { userId: 'u1', name: 'Dora Owner', email: 'dora@x.example', handle: 'Dora' },
  { userId: 'u2', name: 'Dan Kim', email: 'dan@x.example', handle: 'Dan' },
  { userId: 'u3', name: 'Ann Lee', email: 'ann@x.example', handle: 'Ann' },
];

function typeInto(box: HTMLTextAreaElement, text: string) {
  fireEvent.change(box, { target: { value: text, selectionStart: text.length, selectionEnd: text.length } });
}

function setup() {
  render(
    <CommentsPanel comments={[]} targets={[]} actions={{ add: async () => undefined }} mentions={members} />,
  );
  return screen.getByRole('textbox', { name: 'Add a comment' }) as HTMLTextAreaElement;
}

describe('the @mention list', () => {
  it('lists the members matching what follows @, and Enter inserts the chosen handle', () => {
    const box = setup();
    typeInto(box, 'Please check @D');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Dora Owner'),
      expect.stringContaining('Dan Kim'),
    ]);
    expect(screen.getByRole('listbox', { name: 'Mention a teammate' })).toBeTruthy();
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Please check @Dan ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('Escape closes the list and leaves the text; nothing is listed without a match', () => {
    const box = setup();
    typeInto(box, '@A');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.value).toBe('@A');
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    typeInto(box, '@Zed');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a click on an option inserts it too', () => {
    const box = setup();
    typeInto(box, 'cc @ann');
    fireEvent.mouseDown(screen.getByRole('option', { name: /Ann Lee/ }));
    expect(box.value).toBe('cc @Ann ');
  });
});
