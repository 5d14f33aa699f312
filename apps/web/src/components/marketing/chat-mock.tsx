// Illustrative, static mock of the assistant turning a brief into Bloom's-aligned objectives.
import { Bot, FileText, GitBranch, ListChecks, Paperclip, SendHorizontal } from 'lucide-react';
import { cn } from '@app/ui';

const LEVEL_STYLES: Record<string, string> = {
  Remember: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  Apply: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  Analyze: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300',
  Evaluate: 'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-300',
};

const OBJECTIVES = [
  { level: 'Remember', text: 'List the four escalation tiers and who owns each one.' },
  { level: 'Apply', text: 'Use the de-escalation script to acknowledge an upset caller within 30 seconds.' },
  { level: 'Analyze', text: 'Distinguish a billing dispute from a service outage using ticket history.' },
  { level: 'Evaluate', text: 'Decide when to escalate to Tier 2 and justify it against the SLA.' },
];

export function ChatMock({ className }: { className?: string }) {
  return (
    <figure
      className={cn('relative pt-6 pb-10', className)}
      aria-label="Example: the assistant drafting Bloom's-aligned objectives"
    >
      <div className="overflow-hidden rounded-2xl border bg-card/95 shadow-2xl ring-1 shadow-primary/10 ring-black/5 backdrop-blur dark:shadow-black/40 dark:ring-white/5">
        <div className="flex items-center gap-2 border-b bg-muted/50 px-4 py-3">
          <span aria-hidden="true" className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-rose-400" />
            <span className="size-2.5 rounded-full bg-amber-400" />
            <span className="size-2.5 rounded-full bg-emerald-400" />
          </span>
          <span className="ml-2 truncate text-xs font-medium text-muted-foreground">
            Escalations module · Draft 2
          </span>
        </div>

        <div className="space-y-4 p-4 text-sm sm:p-5">
          <div className="ml-auto w-fit max-w-[88%] rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-primary-foreground">
            Draft objectives for a 45-minute module on handling customer escalations for new support agents.
            <span className="mt-2 flex w-fit items-center gap-1.5 rounded-md bg-primary-foreground/15 px-2 py-1 text-xs">
              <FileText aria-hidden="true" className="size-3.5" /> Escalation_SOP_v3.pdf
            </span>
          </div>

          <div className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-primary to-fuchsia-500 text-white"
            >
              <Bot className="size-4" />
            </span>
            <div className="min-w-0 flex-1 rounded-2xl rounded-tl-md border bg-background px-4 py-3">
              <p className="font-medium">Learning objectives — by the end of this module, agents will:</p>
              <ol className="mt-3 space-y-2.5">
                {OBJECTIVES.map((o) => (
                  <li key={o.level} className="flex flex-col gap-1 sm:flex-row sm:items-start sm:gap-2.5">
                    <span
                      className={cn(
                        'w-fit shrink-0 rounded-md px-1.5 py-0.5 text-[11px] font-semibold tracking-wide uppercase',
                        LEVEL_STYLES[o.level],
                      )}
                    >
                      {o.level}
                    </span>
                    <span className="text-muted-foreground">{o.text}</span>
                  </li>
                ))}
              </ol>
              <div className="mt-4 flex flex-wrap gap-2" aria-label="Suggested commands">
                {['revise', 'add scenario', 'export plan'].map((c) => (
                  <span
                    key={c}
                    className="rounded-full border bg-muted/60 px-2.5 py-1 font-mono text-xs text-foreground"
                  >
                    {c}
                  </span>
                ))}
              </div>
            </div>
          </div>
        </div>

        <div className="flex items-center gap-2 border-t px-4 py-3">
          <Paperclip aria-hidden="true" className="size-4 text-muted-foreground" />
          <span className="flex-1 truncate text-sm text-muted-foreground">
            add scenario: angry caller, Tier 2…
          </span>
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground"
          >
            <SendHorizontal className="size-4" />
          </span>
        </div>
      </div>

      <div
        aria-hidden="true"
        className="absolute top-0 right-8 hidden items-center gap-2.5 rounded-xl border bg-card px-3.5 py-2.5 text-xs shadow-lg xl:flex"
      >
        <span className="flex size-7 items-center justify-center rounded-lg bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300">
          <ListChecks className="size-4" />
        </span>
        <span>
          <span className="block font-semibold">Quiz ready</span>
          <span className="text-muted-foreground">8 items · 2 per objective</span>
        </span>
      </div>
      <div
        aria-hidden="true"
        className="absolute bottom-0 -left-6 hidden items-center gap-2.5 rounded-xl border bg-card px-3.5 py-2.5 text-xs shadow-lg xl:flex"
      >
        <span className="flex size-7 items-center justify-center rounded-lg bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
          <GitBranch className="size-4" />
        </span>
        <span>
          <span className="block font-semibold">Scenario drafted</span>
          <span className="text-muted-foreground">3 decision points</span>
        </span>
      </div>
    </figure>
  );
}
