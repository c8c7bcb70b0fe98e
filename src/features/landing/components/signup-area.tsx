import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { sectionIds } from '@/features/landing/utils/section-ids';
import { useNearViewport } from '@/features/landing/hooks/use-near-viewport';

// The forms (react-hook-form, zod) are not needed for the first paint: their chunk loads after it. The
// sections themselves render at once, so the hero's anchors always have a target.
const CustomerSignup = lazy(() =>
  import('@/features/landing/components/signup-sections').then((m) => ({ default: m.CustomerSignup })),
);
const DesignerSignup = lazy(() =>
  import('@/features/landing/components/signup-sections').then((m) => ({ default: m.DesignerSignup })),
);

function SignupSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const sectionRef = useRef<HTMLElement>(null);
  const near = useNearViewport(sectionRef);
  const loading = <Spinner label="Loading the form…" className="min-h-64 justify-center" />;
  return (
    <section ref={sectionRef} id={id} aria-labelledby={`${id}-title`}>
      <div className="flex h-full flex-col gap-4 rounded-lg border bg-card p-6 shadow-sm sm:p-8">
        <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <p className="text-muted-foreground">{intro}</p>
        {/* The prerendered page (and its hydration) shows the spinner; the form's chunk is fetched once the
            section comes near the screen (scrolling, the hero's buttons, a link to #customer-signup). */}
        {near ? <Suspense fallback={loading}>{children}</Suspense> : loading}
      </div>
    </section>
  );
}

/** The landing page's customer and designer sign-up sections, side by side on wide screens. */
export function SignupArea() {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8">
      <SignupSection
        id={sectionIds.customerSignup}
        title="Find a Designer"
        intro="Tell us about your space. We keep your answers for your new account."
      >
        <CustomerSignup />
      </SignupSection>
      <SignupSection
        id={sectionIds.designerSignup}
        title="Become a Designer"
        intro="Tell clients about your style. We keep your answers for your new account."
      >
        <DesignerSignup />
      </SignupSection>
    </div>
  );
}
