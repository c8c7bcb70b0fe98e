/**
 * Query keys, one factory per entity, shared so a mutation in one feature can invalidate another's data
 * without importing that feature. Sub-resources nest under their parent, so one prefix refreshes them all.
 */
export const userKeys = {
  all: ['users'] as const,
  detail: (userId: string) => [...userKeys.all, userId] as const,
  role: (userId: string) => [...userKeys.detail(userId), 'role'] as const,
  /** The membership depends on the role (check-subscription answers for the role's plan): both sit under the user. */
  subscription: (userId: string) => [...userKeys.detail(userId), 'subscription'] as const,
};

/** Public designer directory and one designers
/**
 * A counterpart's e-mail address (rpc contact_email): only for an active project's customer and assigned designer and
 * a paid order's parties (docs/decisions/0030-safe-by-default.md). Under the person whose address it is.
 */
export const contactKeys = {
  all: ['contact'] as const,
  email: (userId: string) => [...contactKeys.all, 'email', userId] as const,
};

/** Public designer directory and one designer's public page. */
export const designerKeys = {
  all: ['designers'] as const,
  lists: () => [...designerKeys.all, 'list'] as const,
  list: (filters: Record<string, unknown>) => [...designerKeys.lists(), filters] as const,
  detail: (designerId: string) => [...designerKeys.all, 'detail', designerId] as const,
  reviews: (designerId: string) => [...designerKeys.detail(designerId), 'reviews'] as const,
  ratings: (designerId: string) => [...designerKeys.detail(designerId), 'ratings'] as const,
  portfolioPhotos: (designerId: string) => [...designerKeys.detail(designerId), 'portfolio-photos'] as const,
  completedProjects: (designerId: string) => [...designerKeys.detail(designerId), 'completed-projects'] as const,
};

/** Nudges: a designer's inbox and the nudges a client has sent. */
export const nudgeKeys = {
  all: ['nudges'] as const,
  inbox: (designerId: string) => [...nudgeKeys.all, 'inbox', designerId] as const,
  sent: (clientId: string) => [...nudgeKeys.all, 'sent', clientId] as const,
  nudgeableProjects: (clientId: string) => [...nudgeKeys.all, 'nudgeable-projects', clientId] as const,
};

/** The signed-in user's own role profile (customer_profiles / designer_profiles row). */
export const ownProfileKeys = {
  all: ['own-profile'] as const,
  customer: (userId: string) => [...ownProfileKeys.all, 'customer', userId] as const,
  designer: (userId: string) => [...ownProfileKeys.all, 'designer', userId] as const,
};

/** Good Stuff (catalog_items). */
export const pieceKeys = {
  all: ['catalog-items'] as const,
  /** The market for some words, filters, sort and viewer's place. */
  search: (filters: Record<string, unknown>) => [...pieceKeys.all, 'search', filters] as const,
  /** One piece (its page, its edit form). */
  detail: (itemId: string) => [...pieceKeys.all, 'detail', itemId] as const,
  /** How many people saved a piece, for its seller (under the piece: refreshing it refreshes the count). */
  savedCount: (itemId: string) => [...pieceKeys.detail(itemId), 'saved-count'] as const,
  /** A seller's own listings of every status (My listings). */
  mine: (sellerId: string) => [...pieceKeys.all, 'mine', sellerId] as const,
};

/** Projects and everything on a project page; sub-resources nest under the project, so one prefix refreshes the page. */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  customer: (customerId: string) => [...projectKeys.lists(), 'customer', customerId] as const,
  available: () => [...projectKeys.lists(), 'available'] as const,
  /** The open projects as seen from a position (or from anywhere: null), and their total. */
  availableNear: (origin: { latitude: number; longitude: number } | null) =>
    [...projectKeys.available(), 'near', origin] as const,
  availableCount: (origin: { latitude: number; longitude: number } | null) =>
    [...projectKeys.available(), 'count', origin] as const,
  /** A designer's projects; their total and the designer's own bids (with theirs) nest under it. */
  designer: (designerId: string) => [...projectKeys.lists(), 'designer', designerId] as const,
  designerCount: (designerId: string) => [...projectKeys.designer(designerId), 'count'] as const,
  designerBids: (designerId: string) => [...projectKeys.designer(designerId), 'bids'] as const,
  designerBidCount: (designerId: string) => [...projectKeys.designerBids(designerId), 'count'] as const,
  detail: (projectId: string) => [...projectKeys.all, 'detail', projectId] as const,
  bids: (projectId: string) => [...projectKeys.detail(projectId), 'bids'] as const,
  items: (projectId: string) => [...projectKeys.detail(projectId), 'items'] as const,
  /** projects.items_total, under the items: whatever refreshes the items refreshes it too. */
  itemsTotal: (projectId: string) => [...projectKeys.items(projectId), 'total'] as const,
  messages: (projectId: string) => [...projectKeys.detail(projectId), 'messages'] as const,
  /** The selection board's proposals (docs/product.md, Selection board), and the pieces a designer searches for it. */
  board: (projectId: string) => [...projectKeys.detail(projectId), 'board'] as const,
  boardPieces: (projectId: string, words: string) => [...projectKeys.detail(projectId), 'board-pieces', words] as const,
  photos: (projectId: string) => [...projectKeys.detail(projectId), 'photos'] as const,
  photoNotes: (projectId: string) => [...projectKeys.detail(projectId), 'photo-notes'] as const,
  review: (projectId: string) => [...projectKeys.detail(projectId), 'review'] as const,
  /** The customer's consent to show the completed project in the designer's portfolio (docs/decisions/0017). */
  portfolioConsent: (projectId: string) => [...projectKeys.detail(projectId), 'portfolio-consent'] as const,
  /**
   * The project's milestones with their payments, disputes and statements (docs/milestones.md): one read, kept live
   * by the four tables' feeds.
   */
  milestones: (projectId: string) => [...projectKeys.detail(projectId), 'milestones'] as const,
  /** Why a project read came back empty (missing or denied). */
  access: (projectId: string) => [...projectKeys.detail(projectId), 'access'] as const,
};

/** The signed-in user's notifications (docs/decisions/0025): one prefix per user, so a live change refreshes all. */
export const notificationKeys = {
  all: ['notifications'] as const,
  user: (userId: string) => [...notificationKeys.all, userId] as const,
  unreadCount: (userId: string) => [...notificationKeys.user(userId), 'unread-count'] as const,
  latest: (userId: string) => [...notificationKeys.user(userId), 'latest'] as const,
  list: (userId: string) => [...notificationKeys.user(userId), 'list'] as const,
};

/** What the viewer saved (the heart, docs/product.md, Good Stuff): one key per piece or designer, and the lists. */
export const savedKeys = {
  all: ['saved'] as const,
  user: (userId: string) => [...savedKeys.all, userId] as const,
  item: (userId: string, itemId: string) => [...savedKeys.user(userId), 'item', itemId] as const,
  designer: (userId: string, designerId: string) => [...savedKeys.user(userId), 'designer', designerId] as const,
  itemList: (userId: string) => [...savedKeys.user(userId), 'item-list'] as const,
  designerList: (userId: string) => [...savedKeys.user(userId), 'designer-list'] as const,
};

/** The viewer's saved searches (docs/find-it-first.md): one list per user. */
export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  list: (userId: string) => [...savedSearchKeys.all, userId] as const,
  /** The project the market finds pieces for: under the projects' key, so a change to the project refreshes it. */
  project: (projectId: string) => [...projectKeys.all, projectId, 'for-search'] as const,
};

/** Offers on a piece: the viewer's own (as buyer) and all of them (as its seller) nest under the piece. */
export const offerKeys = {
  all: ['offers'] as const,
  piece: (itemId: string) => [...offerKeys.all, itemId] as const,
  mine: (itemId: string, buyerId: string) => [...offerKeys.piece(itemId), 'buyer', buyerId] as const,
  onPiece: (itemId: string) => [...offerKeys.piece(itemId), 'seller'] as const,
};

/** A piece's conversations between its seller and each buyer who asked, and one conversation's messages. */
export const conversationKeys = {
  all: ['listing-conversations'] as const,
  piece: (itemId: string) => [...conversationKeys.all, 'piece', itemId] as const,
  detail: (conversationId: string) => [...conversationKeys.all, 'detail', conversationId] as const,
  messages: (conversationId: string) => [...conversationKeys.detail(conversationId), 'messages'] as const,
};

/** Good Stuff orders: the user's purchases and sales (each a paged list) and one order. */
export const orderKeys = {
  all: ['orders'] as const,
  purchases: (userId: string) => [...orderKeys.all, 'purchases', userId] as const,
  sales: (userId: string) => [...orderKeys.all, 'sales', userId] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  /** Asking the provider about a checkout (not under `detail`: reading the order again must not ask again). */
  confirm: (orderId: string) => [...orderKeys.all, 'confirm', orderId] as const,
  /** The seller's last pickup address, to prefill the next offer of pickup times. */
  lastPickupAddress: (sellerId: string) => [...orderKeys.all, 'last-pickup-address', sellerId] as const,
};

/** The gazetteer's answers for what is typed in a location field (docs/decisions/0024-places.md). */
export const placeKeys = {
  all: ['places'] as const,
  search: (query: string) => [...placeKeys.all, 'search', query] as const,
};

/**
 * The operator console (/admin, docs/trust-and-safety.md): whether the signed-in user is an operator, the queue of
 * reported things, one reported thing with its reports and history, the audit log, and the milestones' disputes
 * (their queue and one of them). An action refreshes all of `adminKeys.moderation()`.
 */
export const adminKeys = {
  all: ['admin'] as const,
  isOperator: (userId: string) => [...adminKeys.all, 'is-operator', userId] as const,
  moderation: () => [...adminKeys.all, 'moderation'] as const,
  queue: () => [...adminKeys.moderation(), 'queue'] as const,
  subject: (kind: string, id: string) => [...adminKeys.moderation(), 'subject', kind, id] as const,
  log: () => [...adminKeys.moderation(), 'log'] as const,
  disputes: () => [...adminKeys.moderation(), 'disputes'] as const,
  disputeQueue: () => [...adminKeys.disputes(), 'queue'] as const,
  dispute: (id: string) => [...adminKeys.disputes(), 'detail', id] as const,
  personDisputes: (personId: string) => [...adminKeys.disputes(), 'person', personId] as const,
  orderProblemQueue: () => [...adminKeys.disputes(), 'order-problems'] as const,
  orderProblem: (id: string) => [...adminKeys.disputes(), 'order-problem', id] as const,
};

/** Verified badges (docs/trust-and-safety.md): a designer's own request and badge; the operators' queue. */
export const verificationKeys = {
  all: ['verification'] as const,
  own: (userId: string) => [...verificationKeys.all, 'own', userId] as const,
  eligibleProjects: (userId: string) => [...verificationKeys.all, 'eligible-projects', userId] as const,
  queue: () => [...verificationKeys.all, 'queue'] as const,
  evidence: (requestId: string) => [...verificationKeys.all, 'evidence', requestId] as const,
};

/**
 * Blocks (docs/trust-and-safety.md): the viewer's block state with another person and the people they blocked,
 * under the viewer, so one prefix refreshes both after a block or an unblock.
 */
export const blockKeys = {
  all: ['blocks'] as const,
  user: (userId: string) => [...blockKeys.all, userId] as const,
  state: (userId: string, otherId: string) => [...blockKeys.user(userId), 'state', otherId] as const,
  list: (userId: string) => [...blockKeys.user(userId), 'list'] as const,
};

/**
 * Money of milestones outside one project's page (docs/milestones.md): a designer's earnings, a customer's
 * design-fee payments (Orders), the sandbox's payment page, and asking the provider about a
 * checkout (not under the project: reading the milestones again must not ask again).
 */
export const milestoneKeys = {
  all: ['milestones'] as const,
  /** Whatever a change of a milestone's money makes stale (a feed or an action refreshes this prefix). */
  money: () => [...milestoneKeys.all, 'money'] as const,
  earnings: (designerId: string) => [...milestoneKeys.money(), 'earnings', designerId] as const,
  payments: (customerId: string) => [...milestoneKeys.money(), 'payments', customerId] as const,
  sandbox: (paymentId: string) => [...milestoneKeys.all, 'sandbox', paymentId] as const,
  confirm: (paymentId: string) => [...milestoneKeys.all, 'confirm', paymentId] as const,
};

/**
 * Signed links of photos in a private bucket (src/lib/private-photos.ts), by bucket and paths: not under any
 * entity, so refreshing an order, a milestone or a conversation does not sign its photos again.
 */
export const privatePhotoKeys = {
  all: ['private-photos'] as const,
  signed: (bucket: string, paths: readonly string[]) => [...privatePhotoKeys.all, bucket, ...paths] as const,
};

/**
 * Read state of conversations (docs/working-together.md): how far the other person has read one (Seen, kept live)
 * and the viewer's unread counts where conversations are listed; a conversation is a project's (`project`, its id)
 * or a piece's (`piece`, the listing conversation's id).
 */
export const conversationReadKeys = {
  all: ['conversation-reads'] as const,
  seen: (kind: 'project' | 'piece', conversationId: string) =>
    [...conversationReadKeys.all, 'seen', kind, conversationId] as const,
  unread: (userId: string) => [...conversationReadKeys.all, 'unread', userId] as const,
};
