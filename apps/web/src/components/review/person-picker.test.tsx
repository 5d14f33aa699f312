// @vitest-environment happy-dom
// Issue 39 item 1: the Share row picks a workspace member by typing — a combobox over role=listbox/option (the box
// keeps focus through aria-activedescendant); ArrowDown/ArrowUp move, Enter picks, Escape closes, a click picks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { MentionCandidate } from './mentions';
import { PersonPicker } from './person-picker';

afterEach(cleanup);

const members: MentionCandidate[] = [
  { userId: 'u1', name: 'Dora Owner', email: 'dora@x.example', handle: 'Dora' },
  { userId: 'u2', name: 'Dan Kim', email: 'dan@x.example', handle: 'Dan' },
  { userId: 'u3', name: 'Ann Lee', email: 'ann@x.example', handle: 'Ann' },
];

function setup() {
  const onPick = vi.fn();
  render(<PersonPicker candidates={members} onPick={onPick} />);
  const box = screen.getByRole('combobox', { name: 'Add a person' }) as HTMLInputElement;
  fireEvent.focus(box);
  return { box, onPick };
}

describe('the person picker', () => {
  it('lists the members matching what is typed; the arrows move and Enter picks', () => {
    const { box, onPick } = setup();
    expect(screen.getAllByRole('option')).toHaveLength(3);
    fireEvent.change(box, { target: { value: 'd' } });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Dora Owner'),
      expect.stringContaining('Dan Kim'),
    ]);
    expect(screen.getByRole('listbox', { name: 'Workspace members' })).toBeTruthy();
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(members[1]);
    expect(box.value).toBe('');
  });

  it('Escape closes the list until the next key; no match lists nothing; a click picks', () => {
    const { box, onPick } = setup();
    fireEvent.change(box, { target: { value: 'ann' } });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPick).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    fireEvent.change(box, { target: { value: 'zed' } });
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.mouseDown(screen.getByRole('option', { name: /Ann Lee/ }));
    expect(onPick).toHaveBeenCalledWith(members[2]);
  });

  it('says so, and is disabled, when there is no one to add', () => {
    render(<PersonPicker candidates={[]} onPick={() => undefined} />);
    const box = screen.getByRole('combobox', { name: 'Add a person' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(box.placeholder).toBe('No one else in the workspace');
  });
});
