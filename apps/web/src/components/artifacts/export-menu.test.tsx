// @vitest-environment happy-dom
// Issue 39: an artifact in a workspace library offers its session's storyboard (a Word design document) in the
// card's Export menu, beside the kind's formats; an artifact that is not shared does not.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

const exportFile = vi.fn(async () => ({ filename: 'quiz.csv', contentType: 'text/csv', base64: '' }));
const exportStoryboard = vi.fn(async () => ({
  filename: 'storyboard.docx',
  contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  base64: '',
}));
vi.mock('./use-artifacts', () => ({
  useArtifactExport: () => exportFile,
  useStoryboardExport: () => exportStoryboard,
  useArtifactErrorToast: () => () => undefined,
}));
vi.mock('./export-check-dialog', () => ({ ExportCheckDialog: () => null }));

import { ExportMenu } from './export-menu';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const open = () => fireEvent.keyDown(screen.getByRole('button', { name: 'Export Quiz' }), { key: 'Enter' });

describe('the Export menu', () => {
  it('offers the storyboard of the session for an artifact in a workspace library', async () => {
    render(<ExportMenu artifactId="a1" formats={['csv']} title="Quiz" storyboardSessionId="s1" />);
    open();
    expect(await screen.findByRole('menuitem', { name: 'Storyboard (Word)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Storyboard (Word)' }));
    await waitFor(() => expect(exportStoryboard).toHaveBeenCalledWith('s1'));
    expect(exportFile).not.toHaveBeenCalled();
  });

  it('has no storyboard for an artifact that is not shared', async () => {
    render(<ExportMenu artifactId="a1" formats={['csv']} title="Quiz" />);
    open();
    expect(await screen.findByRole('menuitem', { name: /CSV/i })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Storyboard (Word)' })).toBeNull();
  });

  it('shows the storyboard alone when the plan has no export of this kind', async () => {
    render(<ExportMenu artifactId="a1" formats={[]} title="Quiz" storyboardSessionId="s1" />);
    open();
    expect(await screen.findAllByRole('menuitem')).toHaveLength(1);
    expect(screen.queryByText('Download as')).toBeNull();
  });

  it('asks first when placeholders are left, then makes the storyboard', async () => {
    render(
      <ExportMenu
        artifactId="a1"
        formats={['csv']}
        title="Quiz"
        storyboardSessionId="s1"
        placeholders={['[SME: dose]']}
      />,
    );
    open();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Storyboard (Word)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Export anyway' }));
    await waitFor(() => expect(exportStoryboard).toHaveBeenCalledWith('s1'));
  });
});
