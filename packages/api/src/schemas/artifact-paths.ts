// Dotted paths into an artifact's data ("items.3.stem", the diff's and the warnings' paths) in words, one rule for
// the version diff pane and warnings ("Question 4 › stem") and the version history's note ("Edited question 4
// (stem)", issue 37 item 10), on the server (the note an edit saves) and in the web (notes saved before).
const NAMES: Record<string, string> = {
  items: 'Question',
  options: 'option',
  objectives: 'Objective',
  nodes: 'Node',
  choices: 'choice',
  modules: 'Module',
  activities: 'activity',
  recommendations: 'Recommendation',
  pairs: 'pair',
  outline: 'Outline module',
  tasks: 'Task',
  commonErrors: 'Common error',
  draftObjectives: 'Draft objective',
};

const isIndex = (s: string | undefined) => s !== undefined && /^\d+$/.test(s);

/** The labelled parts of a path: "items.2.options.1.text" → ['Question 3', 'option 2', 'text']. */
function pathParts(path: string): string[] {
  const parts = path.split('.');
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    const p = parts[i]!;
    if (NAMES[p] && isIndex(parts[i + 1])) {
      out.push(`${NAMES[p]} ${Number(parts[i + 1]) + 1}`);
      i += 1;
    } else out.push(isIndex(p) ? `#${Number(p) + 1}` : p);
  }
  return out;
}

/** "items.2.options.1.text" → "Question 3 › option 2 › text", for the version diff and warnings. */
export function describePath(path: string): string {
  return path ? pathParts(path).join(' › ') : 'Whole artifact';
}

/** What an edit of one path changed, for a sentence: "items.3.stem" → "question 4 (stem)"; "title" → "title". */
export function describeEditedPath(path: string): string {
  if (!path) return 'the artifact';
  const parts = pathParts(path);
  const last = path.split('.').at(-1)!;
  // The last part is a field of the element before it unless it is itself a numbered element ("items.3").
  const field = parts.length > 1 && !isIndex(last) ? parts.pop()! : null;
  const place = parts.join(' › ');
  const lowered = place.charAt(0).toLowerCase() + place.slice(1);
  return field ? `${lowered} (${field})` : lowered;
}

/** A dotted path as an edit note names it (what notes were saved with before: "Edited items.3.stem"). */
const LEGACY_EDIT_NOTE = /^Edited ([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)$/;

/** A version's note in words: "Edited items.3.stem" (saved before notes were labelled) → "Edited question 4 (stem)". */
export function describeVersionNote(note: string): string {
  const path = LEGACY_EDIT_NOTE.exec(note)?.[1];
  return path ? `Edited ${describeEditedPath(path)}` : note;
}
