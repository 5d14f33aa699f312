// @vitest-environment happy-dom
// Issue 37 item 12: the edit forms cut long objectives in single-line inputs. Every text field of an objective
// is a text area as tall as its text, so the whole objective is readable while editing.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { EditorProvider } from './editor-fields';
import { ObjectiveFields } from './objective-fields';

afterEach(cleanup);

const LONG =
  'Given a new starter on their first shift at the packaging line and the site induction checklist, without help from a supervisor';

function Editor() {
  const [data, setData] = useState<unknown>({
    objectives: [
      {
        bloomLevel: 'apply',
        verb: 'demonstrate',
        behavior: 'the lockout procedure on a packaging machine',
        audience: 'Packaging operators in their first month on the line at every site',
        condition: LONG,
        criterion:
          'with every step in order and no prompt, within ten minutes, in three attempts out of three',
      },
    ],
  });
  return (
    <EditorProvider value={{ data, errors: {}, change: (fn) => setData(fn), idPrefix: 'ed' }}>
      <form>
        <ObjectiveFields path={['objectives', 0]} label="Objective 1" />
      </form>
    </EditorProvider>
  );
}

describe('objective edit fields', () => {
  it('are text areas that show the whole text, not single-line inputs', () => {
    render(<Editor />);
    for (const name of ['verb', 'behaviour', 'audience', 'condition', 'criterion']) {
      const field = screen.getByLabelText(`Objective 1 ${name}`);
      expect(field.tagName, name).toBe('TEXTAREA');
    }
    const condition = screen.getByLabelText<HTMLTextAreaElement>('Objective 1 condition');
    expect(condition.value).toBe(LONG);
    fireEvent.change(condition, { target: { value: `${LONG}\nand a timer` } });
    expect(condition.value).toBe(`${LONG} and a timer`);
  });
});
