// Landing sections about the product: problems, features, benefits, how it works.
import {
  Archive,
  CalendarClock,
  CircleX,
  Compass,
  FileUp,
  GitBranch,
  Hourglass,
  ListChecks,
  MessagesSquare,
  Presentation,
  ShieldCheck,
  Target,
  Users,
  WandSparkles,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { Check } from 'lucide-react';
import { cn } from '@app/ui';
import { SectionHeading } from './section-heading';

const PROBLEMS: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Hourglass,
    title: 'SME time is scarce',
    body: 'Your expert gives you thirty minutes and a 90-slide deck. Turning that into a coherent course takes weeks of follow-up emails.',
  },
  {
    icon: Target,
    title: "Objectives that can't be measured",
    body: '“Understand the escalation process” can’t be assessed. Rewriting objectives into observable, Bloom’s-level behaviours is slow to do well.',
  },
  {
    icon: ListChecks,
    title: 'Assessments that test recall',
    body: 'Plausible distractors and realistic scenarios for every module are where schedules slip — so knowledge checks end up testing trivia.',
  },
  {
    icon: Presentation,
    title: 'Stakeholders want it yesterday',
    body: 'Every review round means reworking outlines, storyboards and learning plans by hand, across documents that drift apart.',
  },
];

export function Problems() {
  return (
    <section aria-labelledby="problems-title" className="border-y bg-muted/40 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="problems-title"
          eyebrow="The problem"
          title="Great training shouldn’t start with a blank page"
        >
          Instructional designers spend most of a project gathering, structuring and rewriting — not
          designing.
        </SectionHeading>
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {PROBLEMS.map(({ icon: Icon, title, body }) => (
            <li key={title} className="flex gap-4 rounded-2xl border bg-card p-5 shadow-sm sm:block sm:p-6">
              <span
                aria-hidden="true"
                className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-rose-100 text-rose-700 dark:bg-rose-500/15 dark:text-rose-300"
              >
                <Icon className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold sm:mt-5">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const FEATURES: { icon: LucideIcon; title: string; body: string; tone: string }[] = [
  {
    icon: MessagesSquare,
    title: 'SME Walkthrough Simulation',
    body: 'Rehearse the interview before you book the expert. The assistant role-plays your SME, surfaces the tacit steps and flags the gaps you still need to ask about.',
    tone: 'from-violet-500 to-indigo-500',
  },
  {
    icon: Target,
    title: 'Bloom’s-Aligned Objectives',
    body: 'Paste a topic or a messy brief and get measurable objectives tagged by Bloom’s level, with action verbs you can actually assess.',
    tone: 'from-sky-500 to-cyan-500',
  },
  {
    icon: GitBranch,
    title: 'Scenario Builder',
    body: 'Branching scenarios with realistic decision points, consequences and feedback for every path — ready to move into your authoring tool.',
    tone: 'from-amber-500 to-orange-500',
  },
  {
    icon: ListChecks,
    title: 'Quiz Generator',
    body: 'Knowledge checks mapped to each objective: multiple choice with plausible distractors, answer rationales and a sensible difficulty mix.',
    tone: 'from-emerald-500 to-teal-500',
  },
  {
    icon: Compass,
    title: 'Modality Recommender',
    body: 'eLearning, instructor-led, virtual classroom, job aid or microlearning? Get a recommendation with the rationale, based on audience, constraints and technology.',
    tone: 'from-fuchsia-500 to-pink-500',
  },
  {
    icon: CalendarClock,
    title: 'Learning Plans',
    body: 'Turn objectives into a sequenced plan with modules, durations, activities and assessments — the document your stakeholders actually review.',
    tone: 'from-indigo-500 to-blue-500',
  },
  {
    icon: WandSparkles,
    title: 'Version Commands',
    body: 'Type revise, add scenario or export plan to iterate on the current draft without re-explaining the project from scratch.',
    tone: 'from-purple-500 to-violet-500',
  },
  {
    icon: FileUp,
    title: 'File Upload for Analysis',
    body: 'Upload SOPs, slide decks, spreadsheets and PDFs. The assistant extracts the key tasks, risks and terminology to design from.',
    tone: 'from-teal-500 to-emerald-500',
  },
  {
    icon: Archive,
    title: 'Saved Sessions',
    body: 'Every conversation is saved, searchable and renamable, so you can pick a project back up exactly where you left off.',
    tone: 'from-rose-500 to-orange-500',
  },
];

export function Features() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you need to design learning, in one assistant"
        >
          Purpose-built for instructional design — not a generic chatbot with a training prompt bolted on.
        </SectionHeading>
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, body, tone }) => (
            <li
              key={title}
              className="group relative flex gap-4 overflow-hidden rounded-2xl border bg-card p-5 shadow-sm transition-all hover:-translate-y-0.5 hover:shadow-lg sm:block sm:p-7"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-11 shrink-0 items-center justify-center rounded-xl bg-linear-to-br text-white shadow-md',
                  tone,
                )}
              >
                <Icon className="size-5" />
              </span>
              <div>
                <h3 className="text-lg font-semibold sm:mt-5">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const BENEFITS: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Zap,
    title: 'Faster first drafts',
    body: 'Go from kickoff notes to reviewable objectives, outline and assessments in a single working session.',
  },
  {
    icon: MessagesSquare,
    title: 'Better conversations with SMEs',
    body: 'Arrive with the right questions. Spend expert time validating content, not explaining the basics.',
  },
  {
    icon: ShieldCheck,
    title: 'Alignment you can defend',
    body: 'Every quiz item and scenario traces back to an objective and a Bloom’s level — easy to justify in review.',
  },
  {
    icon: Users,
    title: 'Consistent quality across the team',
    body: 'Team plans add an admin dashboard, role-based access and usage logs with CSV export.',
  },
];

const BEFORE = [
  'Three SME meetings to map a single process',
  'Objectives rewritten after every review',
  'Quiz items drafted last, under deadline pressure',
  'Learning plan rebuilt by hand for each change',
];
const AFTER = [
  'One simulated walkthrough, one validation call',
  'Measurable, Bloom’s-aligned objectives from draft one',
  'Assessments generated alongside the objectives',
  'export plan whenever stakeholders ask',
];

export function Benefits() {
  return (
    <section
      aria-labelledby="benefits-title"
      className="relative overflow-hidden border-y bg-muted/40 py-20 sm:py-28"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <SectionHeading
            id="benefits-title"
            eyebrow="Why teams switch"
            title="Spend your time on design decisions, not first drafts"
            className="text-left lg:mx-0"
          />
          <ul className="mt-10 space-y-7">
            {BENEFITS.map(({ icon: Icon, title, body }) => (
              <li key={title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary"
                >
                  <Icon className="size-5" />
                </span>
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{body}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-2xl border bg-card p-6 shadow-sm">
            <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
              The usual way
            </h3>
            <ul className="mt-5 space-y-4 text-sm">
              {BEFORE.map((t) => (
                <li key={t} className="flex gap-3 text-muted-foreground">
                  <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-rose-500" />
                  {t}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl border border-primary/40 bg-linear-to-br from-primary/10 via-card to-card p-6 shadow-lg shadow-primary/10">
            <h3 className="text-sm font-semibold tracking-wide text-primary uppercase">
              With L&amp;D Assistant
            </h3>
            <ul className="mt-5 space-y-4 text-sm">
              {AFTER.map((t) => (
                <li key={t} className="flex gap-3">
                  <Check
                    aria-hidden="true"
                    className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                  />
                  {t}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}

const STEPS = [
  {
    title: 'Share your context',
    body: 'Describe the audience, the performance gap and your constraints — or upload the SME’s deck, SOPs and spreadsheets for analysis.',
    sample: 'Upload: Escalation_SOP_v3.pdf',
  },
  {
    title: 'Co-design with the assistant',
    body: 'Run an SME walkthrough, generate Bloom’s-aligned objectives, then build scenarios and quizzes around them.',
    sample: 'Simulate the SME walkthrough',
  },
  {
    title: 'Refine and export',
    body: 'Use revise, add scenario and export plan to iterate, then hand a structured learning plan to stakeholders or your authoring tool.',
    sample: 'export plan',
  },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-20 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="how-title"
          eyebrow="How it works"
          title="From brief to learning plan in three steps"
        >
          No prompt engineering required. The assistant asks the questions an experienced designer would.
        </SectionHeading>
        <div className="relative mt-14">
          <div
            aria-hidden="true"
            className="absolute top-7 right-[16%] left-[16%] hidden h-px bg-linear-to-r from-transparent via-primary/40 to-transparent lg:block"
          />
          <ol className="grid gap-6 lg:grid-cols-3">
            {STEPS.map((s, i) => (
              <li key={s.title} className="relative flex flex-col items-center text-center">
                <span className="relative flex size-14 items-center justify-center rounded-2xl bg-linear-to-br from-primary to-fuchsia-500 text-xl font-bold text-white shadow-lg shadow-primary/25">
                  {i + 1}
                </span>
                <h3 className="mt-6 text-lg font-semibold">{s.title}</h3>
                <p className="mt-2 max-w-sm text-sm leading-relaxed text-muted-foreground">{s.body}</p>
                <span className="mt-5 rounded-lg border bg-muted/60 px-3 py-1.5 font-mono text-xs">
                  {s.sample}
                </span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
