// /pricing (SPEC §2): 'Choose Your Plan' with the shared pricing component.
// ?subscription=cancelled shows an info toast and replaces the URL with /pricing.
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { toast } from '@app/ui';
import { PricingPlans } from '../../components/pricing/pricing-plans';
import { FaqAccordion } from '../../components/marketing/faq-accordion';
import { LANDING_FAQ } from '../../components/marketing/social-sections';

export default function PricingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const shown = useRef(false);
  const cancelled = params.get('subscription') === 'cancelled';

  useEffect(() => {
    if (!cancelled || shown.current) return;
    shown.current = true;
    toast.info('Subscription process was cancelled');
    navigate('/pricing', { replace: true });
  }, [cancelled, navigate]);

  return (
    <div className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="absolute inset-x-0 top-0 -z-10 h-[36rem]">
        <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] mask-[radial-gradient(ellipse_70%_60%_at_50%_0%,black,transparent)] bg-size-[56px_56px] opacity-70" />
        <div className="absolute inset-0 bg-[radial-gradient(ellipse_60%_60%_at_50%_-10%,color-mix(in_oklab,var(--color-primary)_20%,transparent),transparent_70%)]" />
      </div>
      <div className="mx-auto max-w-7xl px-4 pt-16 pb-20 sm:px-6 sm:pt-24 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Pricing</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Choose Your Plan
          </h1>
          <p className="mt-5 text-lg text-pretty text-muted-foreground">
            Every plan includes a 7-day free trial with no charge today. Pick the quota that fits your
            workload — you can change plans at any time.
          </p>
        </div>
        {/* The plan cards title themselves with h3: an h2 here keeps the outline in order (axe heading-order). */}
        <h2 className="sr-only">Plans and prices</h2>
        <PricingPlans className="mt-10" />

        <section aria-labelledby="pricing-faq-title" className="mx-auto mt-24 max-w-3xl">
          <h2 id="pricing-faq-title" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
            Pricing questions
          </h2>
          <FaqAccordion items={LANDING_FAQ.slice(0, 3)} className="mt-8" />
        </section>
      </div>
    </div>
  );
}
