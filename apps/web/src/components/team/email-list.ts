// The invite dialog's address list: pasted or typed addresses separated by commas, semicolons, spaces or new
// lines ("Ann <ann@x.com>" from a mail client included), checked one by one, lower-cased and de-duplicated.
export const INVITE_SEPARATORS = /[\s,;]+/;

export interface ParsedEmails {
  /** Valid, lower-cased, unique, in the order given. */
  emails: string[];
  /** Entries that are not an address, as typed. */
  invalid: string[];
  /** Valid addresses given more than once (lower-cased). */
  duplicates: string[];
}

/** `Name <addr>` → `addr`; surrounding quotes and angle brackets are dropped. */
function unwrap(entry: string): string {
  const angled = entry.match(/<([^<>]+)>/);
  return (angled?.[1] ?? entry).replace(/^["'<(]+|[>"')]+$/g, '').trim();
}

/**
 * Splits `text` into addresses. `isEmail` is the shared schema's check (so browser and server agree on what an
 * address is). A display name before `<addr>` is dropped with the address's own words.
 */
export function parseEmailList(text: string, isEmail: (value: string) => boolean): ParsedEmails {
  // Keep "Name <addr>" together before splitting on spaces: only the bracketed part matters.
  const normalised = text.replace(/[^,;\n<>]*<([^<>]+)>/g, ' $1 ');
  const emails: string[] = [];
  const invalid: string[] = [];
  const duplicates: string[] = [];
  for (const raw of normalised.split(INVITE_SEPARATORS)) {
    const entry = unwrap(raw);
    if (!entry) continue;
    const email = entry.toLowerCase();
    if (!isEmail(email)) {
      if (!invalid.includes(entry)) invalid.push(entry);
    } else if (emails.includes(email)) {
      if (!duplicates.includes(email)) duplicates.push(email);
    } else emails.push(email);
  }
  return { emails, invalid, duplicates };
}
