// @vitest-environment happy-dom
// Issue 36: offline, a draft's placeholders (and other findings only a writer can fix) offer no Fix — the offline
// Fix returned the artifact unchanged as a new version — and say how to fix them instead; with a model, Fix stays.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ArtifactWarning } from '@app/api/schemas';

let llmMode: 'offline' | 'openai' = 'offline';
vi.mock('../../lib/trpc', () => ({
  useTRPC: () => ({ system: { publicConfig: { queryOptions: () => ({ queryKey: ['config'] }) } } }),
}));
vi.mock('@tanstack/react-query', () => ({ useQuery: () => ({ data: { llmMode } }) }));
vi.mock('./use-artifacts', () => ({
  useArtifactErrorToast: () => () => undefined,
  useArtifactMutations: () => ({ fix: { mutateAsync: vi.fn() } }),
}));

import { ArtifactWarnings } from './artifact-warnings';

afterEach(cleanup);

const warnings: ArtifactWarning[] = [
  {
    code: 'PLACEHOLDER',
    message: '3 placeholders need an expert: [SME: the right action on isolate]…',
    path: 'nodes.0.choices.0.text',
    suggestion: '[SME: the right action on isolate]',
  },
  {
    code: 'MISSING_FEEDBACK',
    message: 'Option B has no feedback',
    path: 'items.0.options.1',
    suggestion: null,
  },
];

describe('ArtifactWarnings', () => {
  it('offline: no Fix for placeholders, a way to fill them instead; Fix for what the offline Fix repairs', () => {
    llmMode = 'offline';
    render(<ArtifactWarnings artifactId="a1" warnings={warnings} canFix />);
    const [placeholder, feedback] = screen.getAllByTestId('artifact-warning');
    expect(placeholder!.querySelector('button')).toBeNull();
    expect(placeholder!.textContent).toContain(
      'fill these in with Edit, upload your source or connect a model',
    );
    expect(feedback!.querySelector('button')?.getAttribute('aria-label')).toBe(
      'Fix: Option B has no feedback',
    );
  });

  it('with a model: Fix on every finding', () => {
    llmMode = 'openai';
    render(<ArtifactWarnings artifactId="a1" warnings={warnings} canFix />);
    expect(screen.getAllByRole('button', { name: /^Fix:/ })).toHaveLength(2);
    expect(screen.queryByTestId('writer-only')).toBeNull();
  });
});
