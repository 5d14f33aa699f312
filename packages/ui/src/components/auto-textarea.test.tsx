// @vitest-environment happy-dom
// Issue 37 item 12: AutoTextarea is as tall as its text (long objectives are never cut), and a single-line one
// keeps an input's habits: Enter submits its form, pasted line breaks become spaces.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AutoTextarea } from './textarea';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** happy-dom has no layout: a text's height is 20 px per 40 characters here. */
function fakeLayout() {
  vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
    this: HTMLTextAreaElement,
  ) {
    return 20 * Math.max(1, Math.ceil(this.value.length / 40)) + 16;
  });
}

function Controlled({ initial = '', singleLine = false }: { initial?: string; singleLine?: boolean }) {
  const [v, setV] = useState(initial);
  return (
    <AutoTextarea
      aria-label="Text"
      value={v}
      singleLine={singleLine}
      onChange={(e) => setV(e.target.value)}
    />
  );
}

describe('AutoTextarea', () => {
  it('grows and shrinks with its text', () => {
    fakeLayout();
    render(<Controlled initial="short" />);
    const box = screen.getByLabelText<HTMLTextAreaElement>('Text');
    expect(box.tagName).toBe('TEXTAREA');
    expect(box.style.height).toBe('36px');
    fireEvent.change(box, { target: { value: 'x'.repeat(200) } });
    expect(box.style.height).toBe('116px');
    fireEvent.change(box, { target: { value: 'x' } });
    expect(box.style.height).toBe('36px');
  });

  it('single line: one row, Enter submits the form, line breaks become spaces', () => {
    const submit = vi.fn((e: Event) => e.preventDefault());
    render(
      <form onSubmit={(e) => submit(e.nativeEvent)}>
        <Controlled singleLine />
      </form>,
    );
    const box = screen.getByLabelText<HTMLTextAreaElement>('Text');
    expect(box.getAttribute('rows')).toBe('1');
    fireEvent.change(box, { target: { value: 'Given a\nchecklist' } });
    expect(box.value).toBe('Given a checklist');
    const enter = fireEvent.keyDown(box, { key: 'Enter' });
    expect(enter).toBe(false); // default prevented: no line break
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
