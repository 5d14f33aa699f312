// @vitest-environment happy-dom
// Issue 37 item 11: ✅ (answer keys, tables) rendered as an empty box on browsers without an emoji font. The
// Markdown component draws check and cross marks as icons with an accessible name; code keeps its text.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Markdown } from './markdown';

afterEach(cleanup);

describe('Markdown check and cross marks', () => {
  it('draws ✅ as an icon named "check mark", in lists and tables, streaming or not', () => {
    for (const streaming of [false, true]) {
      const { container } = render(
        <Markdown
          streaming={streaming}
          content={
            '- B. It helps people perform safely ✅\n- **Answer:** False ✅\n\n| Option | Pick |\n| --- | --- |\n| Follow the procedure | ✅ Core |\n'
          }
        />,
      );
      expect(container.textContent).not.toContain('✅');
      const marks = screen.getAllByRole('img', { name: 'check mark' });
      expect(marks).toHaveLength(3);
      expect(marks.every((m) => m.querySelector('svg'))).toBe(true);
      expect(container.textContent).toContain('It helps people perform safely');
      cleanup();
    }
  });

  it('draws ✔️ and ❌ too, and leaves code as typed', () => {
    const { container } = render(<Markdown content={'Yes ✔️ no ❌ and `✅ in code`'} />);
    expect(screen.getAllByRole('img', { name: 'check mark' })).toHaveLength(1);
    expect(screen.getAllByRole('img', { name: 'cross mark' })).toHaveLength(1);
    expect(container.querySelector('code')?.textContent).toBe('✅ in code');
  });
});
