import { Link } from 'react-router';
import { ArrowRight, CheckCircle2, Sparkles } from 'lucide-react';
import { Button } from '@app/ui';
import { ChatMock } from './chat-mock';

export function Hero() {
  return (
    <section id="home" aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] mask-[radial-gradient(ellipse_70%_60%_at_50%_0%,black,transparent)] bg-size-[56px_56px] opacity-70" />
        <div className="absolute inset-0 bg-[radial-gradient(ellipse_60%_55%_at_50%_-5%,color-mix(in_oklab,var(--color-primary)_22%,transparent),transparent_70%)]" />
        <div className="absolute inset-0 bg-[radial-gradient(circle_at_95%_40%,color-mix(in_oklab,var(--color-fuchsia-500)_12%,transparent),transparent_35%)]" />
      </div>

      <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-14 px-4 pt-16 pb-20 sm:px-6 sm:pt-24 lg:grid-cols-[1.1fr_1fr] lg:gap-12 lg:px-8 lg:pt-28 lg:pb-28">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-xs font-medium text-muted-foreground shadow-sm backdrop-blur sm:text-sm">
            <Sparkles aria-hidden="true" className="size-4 text-primary" />
            <span className="sm:hidden">The AI co-designer for L&amp;D teams</span>
            <span className="hidden sm:inline">
              The AI co-designer for instructional designers &amp; L&amp;D teams
            </span>
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.08] font-bold tracking-tight text-balance sm:text-5xl lg:text-[3.25rem]"
          >
            Turn expert knowledge into{' '}
            <span className="bg-linear-to-r from-primary via-violet-500 to-fuchsia-500 bg-clip-text text-transparent dark:via-violet-400 dark:to-fuchsia-400">
              training that sticks
            </span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-base leading-relaxed sm:text-lg text-pretty text-muted-foreground lg:mx-0">
            Simulate an SME walkthrough, draft Bloom&apos;s-aligned objectives, build branching scenarios and
            quizzes, and get a modality recommendation — then export a learning plan your stakeholders can
            sign off. All in one conversation.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Button asChild size="lg">
              <Link to="/trial">
                Start Free Trial <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#how-it-works">See how it works</a>
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground lg:justify-start">
            {['7-day free trial', 'No charge today', 'Cancel anytime'].map((t) => (
              <li key={t} className="flex items-center gap-1.5">
                <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
                {t}
              </li>
            ))}
          </ul>
        </div>

        <ChatMock className="mx-auto w-full max-w-xl lg:mr-0" />
      </div>
    </section>
  );
}
