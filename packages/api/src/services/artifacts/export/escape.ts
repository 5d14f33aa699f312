// Escaping for the markup the exporters write. All artifact text is user-editable, so nothing is trusted.

/** Drops the characters XML 1.0 cannot hold (control characters but tab and line breaks, U+FFFE/U+FFFF). */
export const xmlSafe = (text: string) =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

/** XML text and attribute values (also valid for HTML). */
export function xml(text: string): string {
  return xmlSafe(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** HTML text and attribute values. */
export function html(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * JSON for a `<script type="application/json">` block: `<` (so `</script>` and `<!--` cannot end or bend the
 * block), and U+2028/U+2029 are written as \u escapes, which JSON.parse reads back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
