// Landing page (SPEC §2): hero, problems, features, benefits, how it works, pricing, testimonials, FAQ, CTA.
// Rendered inside SiteLayout, which provides the header and footer.
import { Hero } from '../../components/marketing/hero';
import { Benefits, Features, HowItWorks, Problems } from '../../components/marketing/product-sections';
import {
  ClosingCta,
  LandingFaq,
  PricingSection,
  Testimonials,
} from '../../components/marketing/social-sections';

export default function LandingPage() {
  return (
    <>
      <Hero />
      <Problems />
      <Features />
      <Benefits />
      <HowItWorks />
      <PricingSection />
      <Testimonials />
      <LandingFaq />
      <ClosingCta />
    </>
  );
}
