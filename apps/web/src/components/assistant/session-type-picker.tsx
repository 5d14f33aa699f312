// The session-type picker (new session, or the type of the first message on /assistant): the five types of
// SPEC §3 with what each does. A type the user's plan lacks (the Assessment Builder on Starter) is shown
// locked, with an Upgrade offer to the dashboard's upgrade panel.
import { useState } from 'react';
import { Link } from 'react-router';
import {
  ClipboardCheck,
  Lock,
  MessagesSquare,
  Sparkles,
  Timer,
  UserRoundSearch,
  type LucideIcon,
} from 'lucide-react';
import type { AssistantSessionType } from '@app/api/schemas';
import {
  Badge,
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@app/ui';
import { requiredPlansText, SESSION_TYPES, UPGRADE_PATH } from './assistant-utils';

export const SESSION_TYPE_ICONS: Record<AssistantSessionType, LucideIcon> = {
  LND_COPILOT: Sparkles,
  SME_WALKTHROUGH: UserRoundSearch,
  MICROLEARNING: Timer,
  ASSESSMENT_BUILDER: ClipboardCheck,
  EXPERT_PANEL: MessagesSquare,
};

export function SessionTypePicker({
  open,
  onOpenChange,
  initial,
  isLocked,
  onPick,
  title = 'New session',
  confirmLabel = 'Start session',
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: AssistantSessionType;
  isLocked: (type: AssistantSessionType) => boolean;
  onPick: (type: AssistantSessionType) => void;
  title?: string;
  confirmLabel?: string;
  pending?: boolean;
}) {
  const [selected, setSelected] = useState<AssistantSessionType>(initial);
  const [lastOpen, setLastOpen] = useState(open);
  // Each opening starts from the given type.
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) setSelected(isLocked(initial) ? 'LND_COPILOT' : initial);
  }
  const canPick = !isLocked(selected) && !pending;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-xl">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (canPick) onPick(selected);
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              Choose how the assistant should work with you in this session.
            </DialogDescription>
          </DialogHeader>
          <div
            role="radiogroup"
            aria-label="Session type"
            className="my-4 grid gap-2"
            data-testid="type-picker"
          >
            {SESSION_TYPES.map((t) => {
              const Icon = SESSION_TYPE_ICONS[t.type];
              const locked = isLocked(t.type);
              const checked = selected === t.type;
              return (
                <div
                  key={t.type}
                  role="radio"
                  aria-checked={checked}
                  aria-disabled={locked || undefined}
                  aria-label={t.label}
                  tabIndex={checked ? 0 : -1}
                  data-type={t.type}
                  data-locked={locked || undefined}
                  onClick={() => !locked && setSelected(t.type)}
                  onKeyDown={(e) => {
                    const i = SESSION_TYPES.findIndex((x) => x.type === t.type);
                    const step =
                      e.key === 'ArrowDown' || e.key === 'ArrowRight'
                        ? 1
                        : e.key === 'ArrowUp' || e.key === 'ArrowLeft'
                          ? -1
                          : 0;
                    if (step) {
                      e.preventDefault();
                      const next = SESSION_TYPES[(i + step + SESSION_TYPES.length) % SESSION_TYPES.length]!;
                      if (!isLocked(next.type)) setSelected(next.type);
                      const el = e.currentTarget.parentElement?.querySelector<HTMLElement>(
                        `[data-type="${next.type}"]`,
                      );
                      el?.focus();
                    } else if (e.key === ' ' && !locked) {
                      e.preventDefault();
                      setSelected(t.type);
                    }
                  }}
                  className={cn(
                    'focus-visible:ring-ring/50 flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-left transition-colors outline-none focus-visible:ring-[3px]',
                    checked ? 'border-primary bg-primary/5' : 'hover:bg-accent/50',
                    locked && 'cursor-default opacity-90 hover:bg-transparent',
                  )}
                >
                  <span
                    className={cn(
                      'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md',
                      checked ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
                    )}
                  >
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                      {t.label}
                      {requiredPlansText(t.type) && (
                        <Badge variant={locked ? 'outline' : 'secondary'} shape="pill">
                          {locked && <Lock aria-hidden="true" />} {requiredPlansText(t.type)}
                        </Badge>
                      )}
                    </span>
                    <span className="text-muted-foreground mt-0.5 block text-xs">{t.description}</span>
                    {locked && (
                      <span className="mt-2 flex flex-wrap items-center gap-2 text-xs">
                        <span className="text-muted-foreground">
                          Included in the {requiredPlansText(t.type)} plans.
                        </span>
                        <Button asChild size="sm" variant="outline" className="h-7">
                          <Link to={UPGRADE_PATH} onClick={() => onOpenChange(false)}>
                            Upgrade
                          </Link>
                        </Button>
                      </span>
                    )}
                  </span>
                </div>
              );
            })}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canPick}>
              {pending ? 'Creating…' : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
