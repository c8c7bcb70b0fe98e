import { Link } from '@/components/navigation/navigation';
import { sectionIds } from '@/features/landing/utils/section-ids';

type LandingFooterProps = { pricingHref: string };

/**
 * The landing footer: pricing, anchors to the sections, and the placeholder entries. Those have no page in the
 * specification, so they are plain text rather than links that lead nowhere (the only "coming soon" the
 * specification allows is on Good Stuff's Buy Now and Make Offer).
 */
export function LandingFooter({ pricingHref }: LandingFooterProps) {
  const linkClass = 'rounded-sm text-sm hover:underline';
  return (
    <footer className="border-t bg-card py-12">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 sm:grid-cols-3 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-2">
          <p className="text-lg font-semibold">Good Space</p>
          <p className="text-sm text-muted-foreground">Beautiful, sustainable rooms from second-hand finds.</p>
        </div>
        <nav aria-label="Footer" className="flex flex-col gap-2">
          <p className="text-sm font-semibold">Explore</p>
          <ul className="flex flex-col gap-2">
            <li>
              <a className={linkClass} href={`#${sectionIds.howItWorks}`}>
                How It Works
              </a>
            </li>
            <li>
              <a className={linkClass} href={`#${sectionIds.customerSignup}`}>
                Find a Designer
              </a>
            </li>
            <li>
              <a className={linkClass} href={`#${sectionIds.designerSignup}`}>
                Become a Designer
              </a>
            </li>
            <li>
              <Link className={linkClass} to={pricingHref}>
                Pricing
              </Link>
            </li>
          </ul>
        </nav>
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold" id="footer-company">
            Company
          </p>
          <ul aria-labelledby="footer-company" className="flex flex-col gap-2 text-sm text-muted-foreground">
            {['Resources', 'Success Stories', 'About Us', 'Contact', 'Terms of Service'].map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </div>
      </div>
      <p className="mx-auto mt-8 max-w-6xl px-4 text-xs text-muted-foreground sm:px-6 lg:px-8">
        © {new Date().getFullYear()} Good Space · Place names:{' '}
        <a className="rounded-sm underline" href="https://www.geonames.org/">
          GeoNames
        </a>{' '}
        (
        <a className="rounded-sm underline" href="https://creativecommons.org/licenses/by/4.0/">
          CC BY 4.0
        </a>
        )
      </p>
    </footer>
  );
}
