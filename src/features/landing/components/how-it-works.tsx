import { StepDeck } from '@/features/landing/components/step-deck';
import { clientSteps, designerSteps } from '@/features/landing/utils/how-it-works-steps';
import { sectionIds } from '@/features/landing/utils/section-ids';

export function HowItWorks() {
  return (
    <section id={sectionIds.howItWorks} aria-labelledby="how-it-works-title" className="bg-muted/60 py-16">
      <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 sm:px-6 lg:px-8">
        <h2 id="how-it-works-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
          How It Works
        </h2>
        <StepDeck title="For Clients" steps={clientSteps} />
        <StepDeck title="For Designers" steps={designerSteps} />
      </div>
    </section>
  );
}
