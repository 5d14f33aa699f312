// Download file names from the artifact title: ASCII only (accents folded, other scripts dropped), no path
// or shell characters, at most 80 characters before the extension, so any OS, LMS or zip tool takes them.
const MAX = 80;

export function fileNameFor(title: string, fallback: string, extension: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // combining accents left by NFKD: "é" → "e"
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX)
    .replace(/-+$/, '');
  return `${slug || fallback}.${extension}`;
}
