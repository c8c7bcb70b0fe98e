import type { Enums } from '@/types/database';
import type { Role } from '@/types/role';

export type Plan = Enums<'subscription_plan'>;

/** ADR 0010: a customer buys the client plan, a designer the designer plan (the database checks exactly this). */
export const PLAN_FOR_ROLE: Record<Role, Plan> = { customer: 'client', designer: 'designer' };

/** Names, prices and benefits shown on the plan cards (docs/product.md, Who it is for). */
export const PLANS: Record<Plan, { name: string; price: string; audience: string; benefits: readonly string[] }> = {
  client: {
    name: 'Client',
    price: '$0.99',
    audience: 'For home owners and movers furnishing a space',
    benefits: ['Work with unlimited designers', 'Direct messaging', 'Project tracking', 'Photo sharing and updates'],
  },
  designer: {
    name: 'Designer',
    price: '$9.99',
    audience: 'For design students and professionals',
    benefits: [
      'Professional portfolio',
      'Browsing and bidding on projects',
      'Vintage marketplace access',
      '100% profit split',
    ],
  },
};
