import { Check } from 'lucide-react';
import { Link } from '@/components/navigation/navigation';
import { Button } from '@/components/ui/button';

type BenefitsProps = { pricingHref: string };

const plans = [
  {
    audience: 'For clients',
    price: '$0.99',
    benefits: ['Work with unlimited designers', 'Direct messaging', 'Project tracking', 'Photo sharing and updates'],
  },
  {
    audience: 'For designers',
    price: '$9.99',
    benefits: [
      'Professional portfolio',
      'Browse and bid on projects',
      'Vintage marketplace access',
      '100% profit split',
    ],
  },
];

/** The membership benefits and prices (docs/product.md, Who it is for); the plans themselves are on /pricing. */
export function Benefits({ pricingHref }: BenefitsProps) {
  return (
    <section aria-labelledby="benefits-title" className="bg-muted/60 py-16">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 sm:px-6 lg:px-8">
        <h2 id="benefits-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
          Membership benefits
        </h2>
        <ul className="grid gap-6 md:grid-cols-2">
          {plans.map((plan) => (
            <li key={plan.audience} className="flex flex-col gap-4 rounded-lg border bg-card p-6 shadow-sm">
              <h3 className="text-xl font-semibold">{plan.audience}</h3>
              <p>
                <span className="text-3xl font-bold">{plan.price}</span>{' '}
                <span className="text-muted-foreground">per month</span>
              </p>
              <ul className="flex flex-col gap-2">
                {plan.benefits.map((benefit) => (
                  <li key={benefit} className="flex items-center gap-2">
                    <Check aria-hidden="true" className="size-4 text-primary" />
                    {benefit}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <div className="text-center">
          <Button asChild variant="outline">
            <Link to={pricingHref}>See pricing</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
