// The one pricing component (SPEC §2): used by the landing #pricing section and by /pricing.
// Monthly/annual toggle (default monthly), Starter / Pro ('Most Popular') / Team from the API's plans (the
// bundled catalogue paints until they arrive). Choosing a plan stores `selectedPlan` locally and goes to /trial
// with state { fromPricing: true }.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowRight, Check, Sparkles } from 'lucide-react';
import {
  ANNUAL_PROMO_CODE,
  ANNUAL_SAVINGS_LABEL,
  CUSTOM_PLAN_THRESHOLD,
  formatCents,
  TRIAL_DAYS,
  type BillingCycleKey,
  type PublicPlan,
} from '@app/api/client';
import { Badge, Button, cn } from '@app/ui';
import { selectionFor, storeSelectedPlan } from '../../lib/selected-plan';
import { BillingCycleToggle } from './billing-cycle-toggle';
import { usePlans } from './use-plans';

function priceCents(plan: PublicPlan, cycle: BillingCycleKey) {
  return cycle === 'monthly' ? plan.monthlyPriceCents : plan.annualPriceCents;
}

export function PricingPlans({ className }: { className?: string }) {
  const [cycle, setCycle] = useState<BillingCycleKey>('monthly');
  const navigate = useNavigate();
  const { plans, plansWithPriceIds } = usePlans();
  const [choosing, setChoosing] = useState<string | null>(null);

  async function choose(chosen: PublicPlan) {
    setChoosing(chosen.id);
    try {
      const plan = (await plansWithPriceIds()).find((p) => p.id === chosen.id);
      if (!plan) throw new Error('This plan is no longer offered');
      storeSelectedPlan(selectionFor(plan, cycle));
      navigate('/trial', { state: { fromPricing: true } });
    } catch {
      // Plans unavailable (offline?): let the trial page's plan dialog take over.
      navigate('/trial');
    } finally {
      setChoosing(null);
    }
  }

  return (
    <div className={cn('flex flex-col items-center', className)}>
      <BillingCycleToggle value={cycle} onChange={setCycle} />
      <p className="mt-3 min-h-5 text-center text-sm text-muted-foreground" aria-live="polite">
        {cycle === 'annual' ? (
          <>
            <span className="font-medium text-foreground">{ANNUAL_PROMO_CODE}</span> applied automatically: 14
            months for the price of 12.
          </>
        ) : (
          'Billed monthly. Switch to annual for 2 months free.'
        )}
      </p>

      <div className="mt-10 grid w-full max-w-6xl gap-6 lg:grid-cols-3 lg:items-stretch lg:gap-8">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            cycle={cycle}
            busy={choosing === plan.id}
            onChoose={() => void choose(plan)}
          />
        ))}
      </div>

      <div className="mt-10 flex w-full max-w-6xl flex-col items-start gap-4 rounded-2xl border border-dashed bg-muted/40 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold">
            Need {CUSTOM_PLAN_THRESHOLD.toLocaleString('en-US')}+ messages a month?
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            We build custom plans for large academies and enterprise L&amp;D teams, with volume pricing and
            onboarding support.
          </p>
        </div>
        <Button asChild variant="outline" className="shrink-0">
          <Link to="/contact">
            Contact us about custom plans <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <p className="mt-6 max-w-3xl text-center text-xs leading-relaxed text-muted-foreground">
        Every plan starts with a {TRIAL_DAYS}-day free trial. A card is collected at sign-up, with no charge
        today; billing starts automatically on the plan you choose unless you cancel during the trial. One
        message is one prompt plus one AI response. Unused messages don&apos;t roll over.
      </p>
    </div>
  );
}

function PlanCard({
  plan,
  cycle,
  busy,
  onChoose,
}: {
  plan: PublicPlan;
  cycle: BillingCycleKey;
  busy: boolean;
  onChoose: () => void;
}) {
  const annual = cycle === 'annual';
  const headingId = `plan-${plan.id}-name`;
  return (
    <section
      aria-labelledby={headingId}
      data-plan={plan.id}
      className={cn(
        'relative flex flex-col rounded-3xl border bg-card p-7 text-card-foreground shadow-sm transition-shadow hover:shadow-md sm:p-8',
        plan.popular &&
          'border-primary/60 shadow-xl ring-1 shadow-primary/10 ring-primary/40 lg:-my-4 lg:py-12 dark:shadow-primary/5',
      )}
    >
      {plan.popular && (
        <>
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 top-0 h-32 rounded-t-3xl bg-linear-to-b from-primary/10 to-transparent"
          />
          <div className="absolute -top-3 left-1/2 -translate-x-1/2">
            <Badge shape="pill" size="lg">
              <Sparkles aria-hidden="true" /> Most Popular
            </Badge>
          </div>
        </>
      )}
      <div className="relative">
        <h3 id={headingId} className="text-xl font-semibold">
          {plan.name}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{plan.audience}</p>

        <div className="mt-6 flex items-baseline gap-1.5">
          <span className="text-5xl font-bold tracking-tight" data-testid={`price-${plan.id}`}>
            {formatCents(priceCents(plan, cycle))}
          </span>
          <span className="text-sm text-muted-foreground">{plan.period[cycle]}</span>
        </div>
        <div className="mt-3 flex min-h-6 flex-wrap items-center gap-2 text-sm">
          {annual ? (
            <>
              <Badge variant="success" shape="pill">
                {ANNUAL_SAVINGS_LABEL}
              </Badge>
              <span className="text-muted-foreground">
                You save{' '}
                <span className="font-semibold text-foreground">{formatCents(plan.annualSavingsCents)}</span>
                {plan.perSeat ? ' per user' : ''}
              </span>
            </>
          ) : (
            <span className="text-muted-foreground">
              or {formatCents(plan.annualPriceCents)}
              {plan.perSeat ? ' per user' : ''}/yr billed annually
            </span>
          )}
        </div>

        <div className="mt-6 rounded-xl bg-muted/60 px-4 py-3 text-sm">
          {annual ? (
            <>
              <p className="font-medium">
                {plan.yearlyMessages.toLocaleString('en-US')} messages
                {plan.perSeat ? ' per user' : ''}/year
              </p>
              <p className="mt-0.5 text-muted-foreground">{plan.messages.annual} with the 2 bonus months</p>
            </>
          ) : (
            <p className="font-medium">{plan.messages.monthly}</p>
          )}
        </div>

        <Button
          type="button"
          size="lg"
          variant={plan.popular ? 'default' : 'outline'}
          className="mt-6 w-full"
          disabled={busy}
          onClick={onChoose}
        >
          Start with {plan.name}
          <ArrowRight aria-hidden="true" />
        </Button>

        <ul className="mt-8 space-y-3 text-sm" aria-label={`${plan.name} features`}>
          {plan.features.map((f) => (
            <li key={f} className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary"
              >
                <Check className="size-3.5" strokeWidth={3} />
              </span>
              <span className={cn(f.startsWith('Everything') && 'font-semibold')}>{f}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
