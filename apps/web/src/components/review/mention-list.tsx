// The comment box's @mention list (issue 39): typing '@' and a few letters lists the workspace members who can see
// the artifact (role=listbox/option under the box). ArrowDown/ArrowUp move, Enter or Tab insert the member's
// handle, Escape closes; the box keeps focus (aria-activedescendant), a click inserts too.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { MemberListbox, memberOptionId } from './member-listbox';
import { insertMention, matchMentions, mentionQueryAt, type MentionCandidate } from './mentions';

export function useMentionList(candidates: MentionCandidate[], text: string, setText: (t: string) => void) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const q = caret === null ? null : mentionQueryAt(text, caret);
  const matches = q && q.start !== dismissed ? matchMentions(candidates, q.query) : [];
  const open = matches.length > 0;
  const current = Math.min(active, matches.length - 1);
  const optionId = (i: number) => memberOptionId(listId, i);
  const track = () => setCaret(ref.current?.selectionStart ?? null);

  const choose = (c: MentionCandidate) => {
    if (!q || caret === null) return;
    const next = insertMention(text, caret, q.start, c.handle);
    setText(next.text);
    setCaret(next.caret);
    setActive(0);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(next.caret, next.caret);
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + matches.length) % matches.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      choose(matches[current]!);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setDismissed(q!.start);
    }
  };

  const textareaProps = {
    ref,
    onKeyDown,
    onSelect: track,
    onClick: track,
    onBlur: () => setCaret(null),
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open ? optionId(current) : undefined,
  };
  const list = open ? (
    <MemberListbox
      id={listId}
      label="Mention a teammate"
      className="w-72"
      testId="mention-list"
      members={matches}
      current={current}
      detail={(c) => `@${c.handle}${c.handle !== c.email ? ` · ${c.email}` : ''}`}
      onPick={choose}
      onHover={setActive}
    />
  ) : null;
  const onTextChange = (t: string, at: number) => {
    setText(t);
    setCaret(at);
    setActive(0);
    // Escape closes the list for this '@' only: a new one (or this one typed again) opens it.
    if (!mentionQueryAt(t, at)) setDismissed(null);
  };
  return { textareaProps, list, onTextChange };
}
