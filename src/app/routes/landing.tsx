import { Suspense } from 'react';
import { paths } from '@/config/paths';
import { Benefits } from '@/features/landing/components/benefits';
import { Hero } from '@/features/landing/components/hero';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { Pitch } from '@/features/landing/components/pitch';
import { SignupArea } from '@/features/landing/components/signup-area';

/**
 * The landing page (docs/product.md, Pages): hero, how it works, the pitch, the two sign-up forms, benefits and footer.
 *
 * The page is prerendered (vite/prerender.ts). Each section below the hero is its own Suspense boundary,
 * so React hydrates the hero (and top bar) first and each further section in its own short task, instead of
 * the whole page in one long one that blocks input. Nothing here suspends: without hydration the boundaries
 * change nothing.
 */
export function Component() {
  return (
    <>
      <title>Good Space · Designers who furnish with thrifted and vintage finds</title>
      <Hero />
      <Suspense>
        <HowItWorks />
      </Suspense>
      <Suspense>
        <Pitch />
      </Suspense>
      <Suspense>
        <SignupArea />
      </Suspense>
      <Suspense>
        <Benefits pricingHref={paths.pricing.getHref()} />
      </Suspense>
      <Suspense>
        <LandingFooter pricingHref={paths.pricing.getHref()} />
      </Suspense>
    </>
  );
}
