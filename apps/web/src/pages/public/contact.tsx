// /contact (SPEC §2, §5): FAQ snippets and a contact form (no server call; success toast, fields cleared).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { Clock, Mail, MessagesSquare, Send, Sparkles } from 'lucide-react';
import { Button, FormField, Input, Textarea, toast } from '@app/ui';
import { FaqAccordion, type FaqItem } from '../../components/marketing/faq-accordion';
import { CONTACT_EMAIL, REPLY_TIME } from '../../components/marketing/site-info';

const EMPTY = { name: '', email: '', company: '', message: '' };

const CONTACT_FAQ: FaqItem[] = [
  {
    question: 'Do I need a card to start the free trial?',
    answer:
      'Yes — a card is collected when you sign up, but you won’t be charged today. Cancel any time during the 7 days and you’ll never be billed.',
  },
  {
    question: 'Can you build a plan for a larger team?',
    answer:
      'Yes. If you need 10,000+ messages a month, more seats or a different billing arrangement, send us a message with your team size and expected usage and we’ll put together a custom plan.',
  },
  {
    question: 'How quickly will I hear back?',
    answer: `We reply to every message within ${REPLY_TIME}, usually much sooner.`,
  },
  {
    question: 'Can I change or cancel my plan later?',
    answer:
      'Any time, from the billing section of your profile. Unused messages don’t roll over, and refunds are only given where the law requires them.',
  },
];

function Required() {
  return (
    <span aria-hidden="true" className="text-destructive">
      *
    </span>
  );
}

export default function ContactPage() {
  const [form, setForm] = useState(EMPTY);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    toast.success('Message sent!', {
      description: "Thank you for your message. We'll get back to you within 1-2 business days.",
    });
    setForm(EMPTY);
  }

  return (
    <div className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="absolute inset-x-0 top-0 -z-10 h-[32rem]">
        <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] mask-[radial-gradient(ellipse_70%_60%_at_50%_0%,black,transparent)] bg-size-[56px_56px] opacity-70" />
        <div className="absolute inset-0 bg-[radial-gradient(ellipse_60%_60%_at_50%_-10%,color-mix(in_oklab,var(--color-primary)_20%,transparent),transparent_70%)]" />
      </div>

      <div className="mx-auto max-w-7xl px-4 pt-16 pb-20 sm:px-6 sm:pt-24 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Contact</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">Get in touch</h1>
          <p className="mt-5 text-lg text-pretty text-muted-foreground">
            Questions about plans, a custom quote for your L&amp;D team, or feedback on the assistant — we’d
            love to hear from you.
          </p>
        </div>

        <div className="mx-auto mt-14 grid max-w-6xl gap-8 lg:grid-cols-[1fr_1.4fr]">
          <section
            aria-labelledby="contact-form-title"
            className="h-fit rounded-2xl border bg-card p-6 shadow-lg shadow-primary/5 sm:p-8 lg:col-start-2 lg:row-start-1"
          >
            <h2 id="contact-form-title" className="text-xl font-semibold">
              Send us a message
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Fields marked <span className="text-destructive">*</span> are required.
            </p>
            <form onSubmit={onSubmit} className="mt-6 grid gap-5 sm:grid-cols-2">
              <FormField
                id="contact-name"
                label={
                  <>
                    Name <Required />
                  </>
                }
              >
                <Input
                  name="name"
                  autoComplete="name"
                  required
                  value={form.name}
                  onChange={set('name')}
                  placeholder="Jordan Lee"
                  size="lg"
                />
              </FormField>
              <FormField
                id="contact-email"
                label={
                  <>
                    Email <Required />
                  </>
                }
              >
                <Input
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  value={form.email}
                  onChange={set('email')}
                  placeholder="jordan@company.com"
                  size="lg"
                />
              </FormField>
              <FormField
                id="contact-company"
                className="sm:col-span-2"
                label={
                  <>
                    Company <span className="font-normal text-muted-foreground">(optional)</span>
                  </>
                }
              >
                <Input
                  name="company"
                  autoComplete="organization"
                  value={form.company}
                  onChange={set('company')}
                  placeholder="Acme Learning Academy"
                  size="lg"
                />
              </FormField>
              <FormField
                id="contact-message"
                className="sm:col-span-2"
                label={
                  <>
                    Message <Required />
                  </>
                }
              >
                <Textarea
                  name="message"
                  required
                  rows={6}
                  value={form.message}
                  onChange={set('message')}
                  placeholder="Tell us about your team, your projects and how we can help."
                  className="min-h-36"
                />
              </FormField>
              <div className="flex flex-col-reverse gap-4 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-xs text-muted-foreground">
                  We’ll only use your details to reply. See our{' '}
                  <Link to="/privacy" className="text-primary underline underline-offset-4">
                    Privacy Policy
                  </Link>
                  .
                </p>
                <Button type="submit" size="lg" className="sm:w-auto">
                  Send message <Send aria-hidden="true" />
                </Button>
              </div>
            </form>
          </section>

          <aside className="flex flex-col gap-5 lg:col-start-1 lg:row-start-1">
            <div className="rounded-2xl border bg-card p-6 shadow-sm">
              <h2 className="text-lg font-semibold">Contact details</h2>
              <ul className="mt-5 space-y-5 text-sm">
                <li className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary"
                  >
                    <Mail className="size-5" />
                  </span>
                  <span>
                    <span className="block font-medium">Email</span>
                    <a
                      href={`mailto:${CONTACT_EMAIL}`}
                      className="break-all text-primary underline-offset-4 hover:underline"
                    >
                      {CONTACT_EMAIL}
                    </a>
                  </span>
                </li>
                <li className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary"
                  >
                    <Clock className="size-5" />
                  </span>
                  <span>
                    <span className="block font-medium">Response time</span>
                    <span className="text-muted-foreground">We reply within {REPLY_TIME}.</span>
                  </span>
                </li>
                <li className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary"
                  >
                    <Sparkles className="size-5" />
                  </span>
                  <span>
                    <span className="block font-medium">Custom plans</span>
                    <span className="text-muted-foreground">
                      For teams needing 10,000+ messages a month. See{' '}
                      <Link to="/pricing" className="text-primary underline underline-offset-4">
                        standard pricing
                      </Link>
                      .
                    </span>
                  </span>
                </li>
              </ul>
            </div>

            <section aria-labelledby="contact-faq-title">
              <h2 id="contact-faq-title" className="mb-4 flex items-center gap-2 text-lg font-semibold">
                <MessagesSquare aria-hidden="true" className="size-5 text-primary" />
                Quick answers
              </h2>
              <FaqAccordion items={CONTACT_FAQ} />
            </section>
          </aside>
        </div>
      </div>
    </div>
  );
}
