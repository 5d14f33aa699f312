// What the web knows of an artifact (issue 12: the `artifacts` router's ArtifactView / ArtifactDetail). Typed
// from the zod schemas' data types so each card gets its own kind's data.
import type { ArtifactDataByKind, ArtifactKind, ArtifactWarning, ExportFormat } from '@app/api/schemas';

export interface ArtifactViewOf<K extends ArtifactKind> {
  id: string;
  sessionId: string;
  messageId: string | null;
  kind: K;
  title: string;
  version: number;
  data: ArtifactDataByKind[K];
  warnings: ArtifactWarning[];
  exportFormats: readonly ExportFormat[];
  canGenerate: boolean;
  createdAt: Date | string;
  updatedAt: Date | string;
}

/** Any kind's view, discriminated by `kind`. */
export type ArtifactView = { [K in ArtifactKind]: ArtifactViewOf<K> }[ArtifactKind];

export interface ArtifactVersionEntry {
  version: number;
  source: string;
  note: string | null;
  createdAt: Date | string;
  createdBy: string | null;
  messageId: string | null;
}

export interface ArtifactChange {
  path: string;
  before: unknown;
  after: unknown;
}

export type ArtifactDetail = ArtifactView & {
  latestVersion: number;
  versions: ArtifactVersionEntry[];
  changes: ArtifactChange[];
};

/** What an assistant answer says it created or changed. */
export interface MessageArtifactRef {
  id: string;
  kind: ArtifactKind;
  title: string;
  version: number;
}
