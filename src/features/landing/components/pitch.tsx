import { HeartHandshake, Leaf, PiggyBank } from 'lucide-react';

const reasons = [
  {
    icon: PiggyBank,
    title: 'Save money',
    text: 'Thrifted and vintage furnishings cost far less than new, and your designer works to your budget.',
  },
  {
    icon: Leaf,
    title: 'Support sustainability',
    text: 'Every second-hand piece is one less thing made new and one more kept out of landfill.',
  },
  {
    icon: HeartHandshake,
    title: 'Help kickstart careers',
    text: 'Design students and early-career professionals build real portfolios with every room.',
  },
];

/** The landing pitch and the '40% average savings' figure. */
export function Pitch() {
  return (
    <section aria-labelledby="pitch-title" className="py-16">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_auto] lg:items-center lg:px-8">
        <div className="flex flex-col gap-6">
          <h2 id="pitch-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Stunning spaces from curated second-hand finds
          </h2>
          <p className="max-w-2xl text-lg text-muted-foreground">
            Connect with talented design students and professionals who create stunning spaces using curated second-hand
            finds.
          </p>
          <ul className="grid gap-6 sm:grid-cols-3">
            {reasons.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex flex-col gap-2">
                <Icon aria-hidden="true" className="size-8 text-primary" />
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </div>
        <p className="flex flex-col items-center rounded-lg bg-secondary p-8 text-center text-secondary-foreground">
          <span className="text-6xl font-bold">40%</span>
          <span className="mt-2 max-w-48 font-medium">average savings with thrifted furnishings</span>
        </p>
      </div>
    </section>
  );
}
