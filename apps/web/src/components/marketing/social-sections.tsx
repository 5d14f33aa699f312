// Landing sections: pricing wrapper, testimonials, FAQ and the closing call to action.
import { Link } from 'react-router';
import { ArrowRight, Quote, Star } from 'lucide-react';
import { Button } from '@app/ui';
import { PricingPlans } from '../pricing/pricing-plans';
import { FaqAccordion, type FaqItem } from './faq-accordion';
import { SectionHeading } from './section-heading';

export function PricingSection() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="relative isolate scroll-mt-20 overflow-hidden border-y bg-muted/40 py-20 sm:py-28"
    >
      <div
        aria-hidden="true"
        className="absolute top-1/3 left-1/2 -z-10 h-96 w-[44rem] -translate-x-1/2 rounded-full bg-primary/10 blur-3xl"
      />
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple plans that grow with your team">
          Start with a 7-day free trial on any plan. Change plans or cancel whenever you like.
        </SectionHeading>
        <PricingPlans className="mt-10" />
      </div>
    </section>
  );
}

const TESTIMONIALS = [
  {
    quote:
      'I ran the SME walkthrough simulation before my interview with our compliance lead and walked in with a dozen sharp questions instead of a blank notebook. The real session took half the time.',
    name: 'Maya Rodrigues',
    role: 'Senior Instructional Designer, regional healthcare network',
    initials: 'MR',
  },
  {
    quote:
      'The scenario builder gives me a solid branching draft in minutes. I still edit every path, but now I’m editing rather than staring at an empty storyboard.',
    name: 'Daniel Okafor',
    role: 'Freelance Learning Experience Designer',
    initials: 'DO',
  },
  {
    quote:
      'We moved the whole L&D team onto the Team plan. Objectives and quizzes finally look consistent across designers, and the usage logs make reporting to leadership painless.',
    name: 'Priya Natarajan',
    role: 'Head of Learning & Development, SaaS scale-up',
    initials: 'PN',
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Loved by the people who build learning"
        />
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name} className="flex">
              <figure className="relative flex flex-col rounded-2xl border bg-card p-7 shadow-sm">
                <Quote aria-hidden="true" className="absolute top-6 right-6 size-8 text-primary/15" />
                <div className="flex gap-0.5 text-amber-500" role="img" aria-label="Rated 5 out of 5">
                  {Array.from({ length: 5 }, (_, i) => (
                    <Star key={i} aria-hidden="true" className="size-4 fill-current" />
                  ))}
                </div>
                <blockquote className="mt-5 flex-1 leading-relaxed text-pretty">“{t.quote}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-primary to-fuchsia-500 text-sm font-semibold text-white"
                  >
                    {t.initials}
                  </span>
                  <span>
                    <span className="block text-sm font-semibold">{t.name}</span>
                    <span className="block text-sm text-muted-foreground">{t.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export const LANDING_FAQ: FaqItem[] = [
  {
    question: 'How does the 7-day free trial work?',
    answer:
      'Choose a plan and add a card when you sign up — you won’t be charged today. If you don’t cancel before the 7 days are up, your subscription starts automatically on the plan you picked.',
  },
  {
    question: 'What counts as a message?',
    answer:
      'One message is one prompt from you plus one response from the assistant. Your quota resets every billing period, and unused messages don’t roll over.',
  },
  {
    question: 'How does annual billing work?',
    answer:
      'Annual plans include the 2MONTHSFREE promotion, applied automatically: you get 14 months for the price of 12, a 16.67% saving compared with paying monthly.',
  },
  {
    question: 'Which files can I upload for analysis?',
    answer:
      'PDF, Word, Excel, PowerPoint, plain text and CSV files, plus JPG, PNG, GIF and WebP images. You can attach several files to one conversation.',
  },
  {
    question: 'What happens to my content?',
    answer: (
      <>
        Your conversations and files are sent to our third-party AI provider only to generate responses, and
        you can delete them — or your whole account — at any time. The{' '}
        <Link to="/privacy" className="font-medium text-primary underline underline-offset-4">
          Privacy Policy
        </Link>{' '}
        has the details.
      </>
    ),
  },
  {
    question: 'What if I need more messages?',
    answer: (
      <>
        When you reach your limit you’ll be prompted to upgrade. If your team needs 10,000+ messages a month,{' '}
        <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
          contact us
        </Link>{' '}
        about a custom plan.
      </>
    ),
  },
];

export function LandingFaq() {
  return (
    <section aria-labelledby="faq-title" className="border-t bg-muted/40 py-20 sm:py-28">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <FaqAccordion items={LANDING_FAQ} className="mt-12" />
        <p className="mt-8 text-center text-sm text-muted-foreground">
          Still have questions?{' '}
          <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
            Get in touch
          </Link>
        </p>
      </div>
    </section>
  );
}

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl border bg-card px-6 py-16 text-center shadow-xl sm:px-16 sm:py-20">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-linear-to-br from-primary/20 via-transparent to-fuchsia-500/15"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] mask-[radial-gradient(ellipse_at_center,black,transparent_75%)] bg-size-[40px_40px]"
        />
        <h2
          id="cta-title"
          className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl"
        >
          Design your next course with an AI co-designer
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-muted-foreground">
          Start your 7-day free trial today. No charge until your trial ends, and you can cancel anytime.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/trial">
              Start Free Trial <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/contact">Talk to us</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
