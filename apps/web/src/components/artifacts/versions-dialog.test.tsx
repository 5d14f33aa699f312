// @vitest-environment happy-dom
// Issue 37 item 10: the version history says what an edit changed in words ("Edited question 4 (stem)"), as
// the diff pane does, never the internal path ("Edited items.3.stem") — also for notes saved before.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ArtifactView } from './artifact-types';

vi.mock('./use-artifacts', () => ({
  useArtifactDetail: (_id: string, version: number | undefined) => ({
    isPending: false,
    isError: false,
    detail: {
      latestVersion: 3,
      versions: [
        { version: 3, source: 'edit', note: 'Edited items.3.stem', createdBy: 'Jane', createdAt: new Date() },
        {
          version: 2,
          source: 'edit',
          note: 'Edited question 1 (stem)',
          createdBy: 'Jane',
          createdAt: new Date(),
        },
        { version: 1, source: 'generated', note: null, createdBy: null, createdAt: new Date() },
      ],
      artifact: version === undefined ? undefined : null,
      changes: [],
    },
  }),
  useArtifactErrorToast: () => () => undefined,
  useArtifactMutations: () => ({ restore: { isPending: false, mutateAsync: vi.fn() } }),
}));
vi.mock('./artifact-body', () => ({ ArtifactBody: () => null }));
vi.mock('./export-menu', () => ({ ExportMenu: () => null }));

import { VersionsDialog } from './versions-dialog';

afterEach(cleanup);

describe('version history notes', () => {
  it('name the edited field in words, for new and older notes alike', () => {
    render(
      <VersionsDialog
        artifact={{ id: 'a1', title: 'Quiz', version: 3 } as unknown as ArtifactView}
        open
        onOpenChange={() => undefined}
      />,
    );
    const entries = screen.getAllByTestId('version-entry').map((e) => e.textContent ?? '');
    expect(entries[0]).toContain('Edited question 4 (stem)');
    expect(entries[1]).toContain('Edited question 1 (stem)');
    expect(entries.join(' ')).not.toMatch(/items\.\d/);
  });
});
