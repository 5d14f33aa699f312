// Picking a workspace member by typing (issue 39 item 1, the Share row): a text box (role=combobox) over a list of
// the members whose name or email starts with what is typed — the @mention list's matching (mentions.ts) and list
// (member-listbox.tsx).
// ArrowDown/ArrowUp move, Enter picks, Escape closes; the box keeps focus (aria-activedescendant); a click picks.
import { useId, useState, type KeyboardEvent } from 'react';
import { Input } from '@app/ui';
import { MemberListbox, memberOptionId } from './member-listbox';
import { matchMentions, type MentionCandidate } from './mentions';

export function PersonPicker({
  candidates,
  onPick,
  disabled,
  label = 'Add a person',
}: {
  candidates: MentionCandidate[];
  onPick(c: MentionCandidate): void;
  disabled?: boolean;
  label?: string;
}) {
  const listId = useId();
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(0);
  const matches = matchMentions(candidates, query.trim(), 8);
  const open = focused && !dismissed && matches.length > 0;
  const current = Math.min(active, matches.length - 1);
  const optionId = (i: number) => memberOptionId(listId, i);

  const pick = (c: MentionCandidate) => {
    onPick(c);
    setQuery('');
    setActive(0);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setDismissed(false);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + matches.length) % matches.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (open) pick(matches[current]!);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setDismissed(true);
    }
  };

  return (
    <div className="relative w-full min-w-0 sm:w-64">
      <Input
        role="combobox"
        aria-label={label}
        placeholder={candidates.length ? 'Name or email' : 'No one else in the workspace'}
        className="h-8"
        autoComplete="off"
        disabled={disabled || candidates.length === 0}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(current) : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setDismissed(false);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        data-testid="person-picker"
      />
      {open && (
        <MemberListbox
          id={listId}
          label="Workspace members"
          className="w-full sm:w-72"
          members={matches}
          current={current}
          detail={(c) => c.email}
          onPick={pick}
          onHover={setActive}
        />
      )}
    </div>
  );
}
