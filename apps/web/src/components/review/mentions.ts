// @mention autocomplete in the comment box (issue 39): what is being typed after an '@' at the caret, the members
// it matches, and the text with the chosen member's handle in its place. Pure: mention-list.tsx draws the list.

export interface MentionCandidate {
  userId: string;
  name: string;
  email: string;
  /** What the server resolves: the first name when only one member has it, else the email. */
  handle: string;
}

/** The '@…' being typed just before the caret, or null (an '@' inside a word or an email is not a mention). */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const m = /(^|[^\w@.])@([\p{L}\p{N}._%+-]*)$/u.exec(text.slice(0, caret));
  if (!m) return null;
  const query = m[2]!;
  return { start: caret - query.length - 1, query };
}

/** Members whose name, handle or email starts a word with the query (case-insensitive), at most `limit`. */
export function matchMentions(candidates: MentionCandidate[], query: string, limit = 6): MentionCandidate[] {
  const q = query.toLowerCase();
  const words = (c: MentionCandidate) => [...c.name.toLowerCase().split(/\s+/), c.email.toLowerCase()];
  return candidates
    .filter((c) => c.handle.toLowerCase().startsWith(q) || words(c).some((w) => w.startsWith(q)))
    .slice(0, limit);
}

/** The text with '@query' (from `start` to the caret) replaced by '@handle ', and the caret after it. */
export function insertMention(
  text: string,
  caret: number,
  start: number,
  handle: string,
): { text: string; caret: number } {
  const before = `${text.slice(0, start)}@${handle} `;
  const after = text.slice(caret).replace(/^ /, '');
  return { text: before + after, caret: before.length };
}
