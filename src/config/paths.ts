/**
 * Every URL of the app (docs/product.md, Pages), in one place. `path` is the router pattern, `getHref` builds a link.
 * Never write a path as a string literal elsewhere.
 */
import type { Role } from '@/types/role';

/** Only same-origin paths may be a redirect target; anything else (//evil.example, https://…) is dropped. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, value);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

function withSearch(path: string, search: URLSearchParams | undefined): string {
  const query = search?.toString() ?? '';
  return query ? `${path}?${query}` : path;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    path: '/auth',
    getHref: (
      options: {
        redirectTo?: string | null;
        role?: Role;
        reset?: boolean;
        tab?: 'login' | 'signup';
        /** Signed out because Good Space suspended the account: the page says so. */
        suspended?: boolean;
      } = {},
    ) =>
      withQuery('/auth', {
        tab: options.tab,
        role: options.role,
        reset: options.reset ? 'true' : undefined,
        suspended: options.suspended ? 'true' : undefined,
        redirectTo: safeRedirectPath(options.redirectTo) ?? undefined,
      }),
  },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  paymentSuccess: { path: '/payment-success', getHref: () => '/payment-success' },
  designers: { path: '/designers', getHref: () => '/designers' },
  browseDesigners: { path: '/browse-designers', getHref: () => '/browse-designers' },
  designerNudges: { path: '/designer-nudges', getHref: () => '/designer-nudges' },
  designer: {
    path: '/designer/:designerId',
    getHref: (designerId: string) => `/designer/${encodeURIComponent(designerId)}`,
  },
  designerReviews: {
    path: '/designer-reviews/:designerId',
    getHref: (designerId: string) => `/designer-reviews/${encodeURIComponent(designerId)}`,
  },
  profile: {
    customer: { path: '/profile/customer', getHref: () => '/profile/customer' },
    designer: { path: '/profile/designer', getHref: () => '/profile/designer' },
    getHref: (role: Role) => `/profile/${role}`,
  },
  dashboard: {
    customer: { path: '/dashboard/customer', getHref: () => '/dashboard/customer' },
    designer: { path: '/dashboard/designer', getHref: () => '/dashboard/designer' },
    getHref: (role: Role) => `/dashboard/${role}`,
  },
  project: {
    path: '/project/:projectId',
    getHref: (projectId: string) => `/project/${encodeURIComponent(projectId)}`,
  },
  /** Own portfolio, or the one of the designer named by `?designer=`. */
  portfolio: {
    path: '/portfolio',
    getHref: (designerId?: string) => withQuery('/portfolio', { designer: designerId }),
  },
  portfolioOfDesigner: {
    path: '/portfolio/:designerId',
    getHref: (designerId: string) => `/portfolio/${encodeURIComponent(designerId)}`,
  },
  listPiece: { path: '/list-vintage', getHref: () => '/list-vintage' },
  /** The market; its search box and filters live in the search params (filtersFromSearchParams). */
  goodStuff: { path: '/good-stuff', getHref: (search?: URLSearchParams) => withSearch('/good-stuff', search) },
  /** One piece's page (shareable). */
  piece: {
    path: '/good-stuff/:id',
    getHref: (itemId: string) => `/good-stuff/${encodeURIComponent(itemId)}`,
  },
  /** The seller's form for their piece (List Vintage's form, filled). */
  editPiece: {
    path: '/good-stuff/:id/edit',
    getHref: (itemId: string) => `/good-stuff/${encodeURIComponent(itemId)}/edit`,
  },
  /** A designer's own listings of every status. */
  myPieces: { path: '/good-stuff/mine', getHref: () => '/good-stuff/mine' },
  /** The pieces and designers the user saved (the heart). */
  saved: { path: '/saved', getHref: () => '/saved' },
  /** A piece's conversation between a buyer and its seller ('Ask the seller'). */
  pieceConversation: {
    path: '/good-stuff/:id/conversation/:conversationId',
    getHref: (itemId: string, conversationId: string) =>
      `/good-stuff/${encodeURIComponent(itemId)}/conversation/${encodeURIComponent(conversationId)}`,
  },
  settings: { path: '/settings', getHref: () => '/settings' },
  /** Every notification of the signed-in user (ADR 0025). */
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  /** The link in a notification mail: no sign-in, the signed token says who and which kind (ADR 0025). */
  unsubscribe: {
    path: '/unsubscribe',
    getHref: (token: string) => withQuery('/unsubscribe', { token }),
  },
  /** ADR 0010: the payment sandbox pages (no Stripe keys configured). */
  sandboxCheckout: {
    path: '/sandbox/checkout',
    getHref: (session: string) => withQuery('/sandbox/checkout', { session }),
  },
  sandboxPortal: { path: '/sandbox/portal', getHref: (session: string) => withQuery('/sandbox/portal', { session }) },
  /** ADR 0029: the sandbox's stand-in for Stripe's seller onboarding and for Stripe Checkout of a Good Stuff order. */
  sandboxConnect: { path: '/sandbox/connect', getHref: () => '/sandbox/connect' },
  sandboxPay: { path: '/sandbox/pay', getHref: (orderId: string) => withQuery('/sandbox/pay', { order: orderId }) },
  /** docs/milestones.md: the sandbox's stand-in for Stripe Checkout of a milestone's funding. */
  sandboxFund: {
    path: '/sandbox/fund',
    getHref: (paymentId: string) => withQuery('/sandbox/fund', { payment: paymentId }),
  },
  /** The user's Good Stuff orders: what they bought (Purchases) and sold (Sales). */
  orders: {
    path: '/orders',
    getHref: (tab?: 'purchases' | 'sales') => withQuery('/orders', { tab: tab === 'sales' ? 'sales' : undefined }),
  },
  /** One order, for its buyer and its seller; `?checkout=done` when the buyer comes back from paying. */
  order: {
    path: '/orders/:orderId',
    getHref: (orderId: string, options: { checkoutDone?: boolean } = {}) =>
      withQuery(`/orders/${encodeURIComponent(orderId)}`, { checkout: options.checkoutDone ? 'done' : undefined }),
  },
  /**
   * The operator console (docs/trust-and-safety.md): the queue of reported things, one of them with its reports and
   * the person's history, the audit log, the verification requests and the milestones' disputes. Everyone but
   * operators gets the 404 page.
   */
  admin: { path: '/admin', getHref: () => '/admin' },
  adminSubject: {
    path: '/admin/subject/:kind/:id',
    getHref: (kind: string, id: string) => `/admin/subject/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`,
  },
  adminLog: { path: '/admin/log', getHref: () => '/admin/log' },
  adminVerification: { path: '/admin/verification', getHref: () => '/admin/verification' },
  /** Disputes and chargebacks of funded milestones (docs/trust-and-safety.md), and one of them with its decision. */
  adminDisputes: { path: '/admin/disputes', getHref: () => '/admin/disputes' },
  adminDispute: {
    path: '/admin/disputes/:id',
    getHref: (id: string) => `/admin/disputes/${encodeURIComponent(id)}`,
  },
  adminOrderProblem: {
    path: '/admin/orders/:problemId',
    getHref: (problemId: string) => `/admin/orders/${encodeURIComponent(problemId)}`,
  },
  /** The school e-mail link of a Verified student request: confirms the token as the signed-in designer. */
  verifySchoolEmail: {
    path: '/verify/school-email',
    getHref: (token: string) => withQuery('/verify/school-email', { token }),
  },
  /** Second sign-in step for users with a verified authenticator (docs/product.md, Accounts). */
  mfa: {
    path: '/mfa',
    getHref: (redirectTo?: string | null) =>
      withQuery('/mfa', { redirectTo: safeRedirectPath(redirectTo) ?? undefined }),
  },
  /** OAuth consent for a third-party app. */
  oauthConsent: {
    path: '/oauth/consent',
    getHref: (authorizationId: string) => withQuery('/oauth/consent', { authorization_id: authorizationId }),
  },
} as const;
