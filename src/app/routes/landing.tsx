import { paths } from '@/config/paths';
import { Benefits } from '@/features/landing/components/benefits';
import { Hero } from '@/features/landing/components/hero';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { Pitch } from '@/features/landing/components/pitch';
import { SignupArea } from '@/features/landing/components/signup-area';

/** SPEC §2 landing: hero, how it works, the pitch, the two sign-up forms, benefits and footer. */
export function Component() {
  return (
    <>
      <title>Good Space · Designers who furnish with thrifted and vintage finds</title>
      <Hero />
      <HowItWorks />
      <Pitch />
      <SignupArea />
      <Benefits pricingHref={paths.pricing.getHref()} />
      <LandingFooter pricingHref={paths.pricing.getHref()} />
    </>
  );
}
