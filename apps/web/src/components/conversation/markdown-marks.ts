// Check and cross marks in answers (✅ ✔️ ☑️ ❌ ✖️, issue 37 item 11): on a system without an emoji font they
// render as empty boxes, so a remark step turns each into an element the Markdown component draws as an icon
// with an accessible name. Code (inline and blocks) keeps its text: it is not a text node.
type MdNode = { type: string; value?: string; children?: MdNode[]; data?: Record<string, unknown> };

export type MarkKind = 'check' | 'cross';

const MARKS = /(\u2705|\u2714\uFE0F?|\u2611\uFE0F?|\u274C|\u2716\uFE0F?)/u;
const kindOf = (s: string): MarkKind => (/^[\u274C\u2716]/u.test(s) ? 'cross' : 'check');

/** The class a mark's element carries (the Markdown component's `span` draws it). */
export const MARK_CLASS: Record<MarkKind, string> = { check: 'md-mark-check', cross: 'md-mark-cross' };

function splitText(value: string): MdNode[] {
  return value
    .split(MARKS)
    .filter((part) => part !== '')
    .map((part) =>
      part.match(MARKS)?.[0] === part
        ? {
            type: 'answerMark',
            data: { hName: 'span', hProperties: { className: [MARK_CLASS[kindOf(part)]] } },
            children: [],
          }
        : { type: 'text', value: part },
    );
}

function walk(node: MdNode) {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text' && child.value && MARKS.test(child.value)) return splitText(child.value);
    walk(child);
    return [child];
  });
}

/** remark plugin: ✅-like characters in text become `answerMark` elements (`<span class="md-mark-…">`). */
export function remarkAnswerMarks() {
  return (tree: MdNode) => walk(tree);
}
