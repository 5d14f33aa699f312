/**
 * Whether a file matches an `<input accept>` string: comma-separated extensions (`.pdf`), MIME types
 * (`image/png`) and wildcards (`image/*`). An empty accept matches everything. Drops and pastes bypass the
 * browser's own filter, so `FileDropZone` (and a consumer's paste handler) check with this.
 */
export function fileMatchesAccept(file: Pick<File, 'name' | 'type'>, accept: string | undefined): boolean {
  const tokens = (accept ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  return tokens.some((t) => {
    if (t.startsWith('.')) return name.endsWith(t);
    if (t.endsWith('/*')) return type.startsWith(t.slice(0, -1));
    return type === t;
  });
}
