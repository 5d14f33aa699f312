// What the API returns for an artifact: ArtifactView (one version with its warnings, the formats it exports to
// and whether the user's plan may generate its kind) and ArtifactDetail (+ the version list and what changed).
import {
  EXPORT_FORMATS_BY_KIND,
  type ArtifactKind,
  type ArtifactWarning,
  type ExportFormat,
} from '../../schemas/artifacts.js';
import type { ParsedRequest } from '../content/request.js';
import { checkArtifact } from './checks.js';
import type { CitedChunks } from './citations.js';
import type { ArtifactChange } from './diff.js';
import type { VersionSource } from './versions.js';

export interface ArtifactView {
  id: string;
  sessionId: string;
  /** The answer that created the artifact (null once that message is deleted). */
  messageId: string | null;
  kind: ArtifactKind;
  title: string;
  /** The version shown (the latest unless an earlier one was asked for). */
  version: number;
  data: unknown;
  warnings: ArtifactWarning[];
  exportFormats: ExportFormat[];
  /** The user's plan includes this kind's builder (generate, revise, Fix, export); else the web offers Upgrade. */
  canGenerate: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface ArtifactVersionSummary {
  version: number;
  source: VersionSource;
  note: string | null;
  createdAt: Date;
  /** Who made it (their name), or null for the assistant. */
  createdBy: string | null;
  /** The answer that made it, or null for edits, restores and fixes. */
  messageId: string | null;
}

export interface ArtifactDetail extends ArtifactView {
  latestVersion: number;
  /** Newest first. */
  versions: ArtifactVersionSummary[];
  /** This version against the one before it (empty for version 1). */
  changes: ArtifactChange[];
}

/** A short reference to an artifact an answer made or changed (AssistantMessageView.artifacts). */
export interface ArtifactRef {
  id: string;
  kind: ArtifactKind;
  title: string;
  version: number;
}

export function toArtifactView(
  a: {
    id: string;
    sessionId: string;
    messageId: string | null;
    kind: string;
    createdAt: Date;
    updatedAt: Date;
  },
  v: { version: number; title: string; data: unknown },
  canGenerate: boolean,
  /** The request the version answers (artifacts/request-context.ts): adds the conformance warnings. */
  request: ParsedRequest | null = null,
  /** The texts of the chunks the version's sources cite (citations.ts): adds UNVERIFIED_CITATION warnings. */
  chunks?: CitedChunks,
): ArtifactView {
  const kind = a.kind as ArtifactKind;
  return {
    id: a.id,
    sessionId: a.sessionId,
    messageId: a.messageId,
    kind,
    title: v.title,
    version: v.version,
    data: v.data,
    warnings: checkArtifact(kind, v.data as never, request, chunks),
    exportFormats: [...EXPORT_FORMATS_BY_KIND[kind]],
    canGenerate,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}
