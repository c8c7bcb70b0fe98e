export type Step = { title: string; description: string };

/** "How It Works": four steps per audience. */
export const clientSteps: Step[] = [
  {
    title: 'Browse Designers',
    description: 'Tell us your style, budget and space details, and get matched with designers who fit.',
  },
  {
    title: 'Connect & Discuss',
    description: 'Chat with your designer, share inspiration and agree on a plan for your room.',
  },
  {
    title: 'Curated Shopping',
    description: 'Your designer sources thrifted and vintage pieces that suit your style and your budget.',
  },
  {
    title: 'Transform Your Space',
    description: 'Watch your room come together with one-of-a-kind finds, for a fraction of the price of new.',
  },
];

export const designerSteps: Step[] = [
  {
    title: 'Create Your Profile',
    description: 'Show your style, expertise, portfolio, rates and availability.',
  },
  {
    title: 'Connect with Clients',
    description: 'Browse nearby projects, bid on the ones you love and answer clients who nudge you.',
  },
  {
    title: 'Source & Curate',
    description: 'Use our curated thrift directory to find the right second-hand pieces for every room.',
  },
  {
    title: 'Grow Your Business',
    description: 'Build your portfolio and reviews, and keep 100% of your profit.',
  },
];
