// The list of workspace members under a text box (issue 39): the comment box's @mention list and the Share row's
// person picker. role=listbox with an option per member; the box keeps focus and points at the current option
// (aria-activedescendant, `optionId`); a click picks (mouse down, so the box does not lose focus first).
import { cn } from '@app/ui';
import type { MentionCandidate } from './mentions';

export function MemberListbox({
  id,
  label,
  members,
  current,
  detail,
  onPick,
  onHover,
  className,
  testId,
}: {
  id: string;
  label: string;
  members: MentionCandidate[];
  current: number;
  /** The second line of an option (the handle, the email). */
  detail(c: MentionCandidate): string;
  onPick(c: MentionCandidate): void;
  onHover(index: number): void;
  className?: string;
  testId?: string;
}) {
  return (
    <ul
      role="listbox"
      id={id}
      aria-label={label}
      className={cn(
        'bg-popover text-popover-foreground absolute top-full left-0 z-20 mt-1 max-h-56 max-w-full overflow-y-auto rounded-md border p-1 shadow-md',
        className,
      )}
      data-testid={testId}
    >
      {members.map((c, i) => (
        <li
          key={c.userId}
          id={memberOptionId(id, i)}
          role="option"
          aria-selected={i === current}
          className={cn(
            'grid cursor-pointer rounded-sm px-2 py-1.5 text-sm',
            i === current && 'bg-accent text-accent-foreground',
          )}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(c);
          }}
          onMouseEnter={() => onHover(i)}
        >
          <span className="font-medium">{c.name}</span>
          <span className="text-muted-foreground truncate text-xs">{detail(c)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The id of the list's option `index` (for the box's aria-activedescendant). */
export const memberOptionId = (listId: string, index: number) => `${listId}-${index}`;
