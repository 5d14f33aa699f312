// Small display helpers shared by the cards.
import type { BloomLevel } from '@app/api/schemas';

/** "45 min", "2 h", "1 h 30 min". */
export function formatMinutes(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return '—';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/**
 * Bloom levels coloured low to high (cool to warm) so a list shows its cognitive spread at a glance. These are
 * data colours, not statuses, so they do not use the status tokens; each pair keeps AA contrast in light and dark.
 */
export const BLOOM_LEVEL_CLASSES: Record<BloomLevel, string> = {
  remember: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  understand: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  apply: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  analyze: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  evaluate: 'bg-orange-100 text-orange-900 dark:bg-orange-900/60 dark:text-orange-100',
  create: 'bg-violet-100 text-violet-900 dark:bg-violet-900/60 dark:text-violet-100',
};

/** A value of the "what changed" list as one line. */
export function formatChangeValue(value: unknown): string {
  if (value === undefined) return '(none)';
  if (value === null) return '(empty)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Paths and notes in words (one rule with the server's edit notes): "Question 3 › option 2 › text". */
export { describePath, describeVersionNote } from '@app/api/schemas';

/** The banner of an artifact with "[SME: …]" placeholders (an offline draft): the spec's exact text. */
export const OFFLINE_DRAFT_TEXT = 'Offline draft: upload your source or connect a model for real content';

/** The placeholders of an artifact's PLACEHOLDER warning (its suggestion lists them, "; "-separated). */
export function placeholdersOf(
  warnings: { code: string; suggestion: string | null }[] | undefined,
): string[] {
  const w = warnings?.find((x) => x.code === 'PLACEHOLDER');
  if (!w) return [];
  const list = (w.suggestion ?? '')
    .split('; ')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : ['[SME: …]'];
}
