import { Button } from '@/components/ui/button';
import { HeroCarousel } from '@/features/landing/components/hero-carousel';
import { heroSlides } from '@/features/landing/utils/hero-slides';
import { sectionIds } from '@/features/landing/utils/section-ids';

/** The landing hero: title, tagline, and the two ways in. Plain anchors: they work before any script. */
export function Hero() {
  return (
    <HeroCarousel slides={heroSlides} className="min-h-[calc(100svh-var(--spacing-topbar))]">
      <div className="mx-auto flex min-h-[calc(100svh-var(--spacing-topbar))] max-w-4xl flex-col items-center justify-center gap-6 px-4 pt-12 pb-28 text-center text-white">
        <h1 className="text-5xl font-bold tracking-tight drop-shadow sm:text-7xl">Good Space</h1>
        <p className="max-w-2xl text-lg text-white/95 drop-shadow sm:text-2xl">
          Beautiful rooms from thrifted and vintage finds, styled by talented design students and professionals.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <a href={`#${sectionIds.customerSignup}`}>Find a Designer</a>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-white bg-white/10 text-white hover:bg-white/20 hover:text-white"
          >
            <a href={`#${sectionIds.designerSignup}`}>Become a Designer</a>
          </Button>
        </div>
      </div>
    </HeroCarousel>
  );
}
