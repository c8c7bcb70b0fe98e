import { lazy } from 'react';

// The project page's dialogs are not part of its first paint: their code loads when one first opens.
export const CompleteProjectDialog = lazy(() =>
  import('@/features/projects/components/complete-project-dialog').then((m) => ({
    default: m.CompleteProjectDialog,
  })),
);
export const ReviewDialog = lazy(() =>
  import('@/features/designers/components/review-dialog').then((m) => ({ default: m.ReviewDialog })),
);
export const SubscribeDialog = lazy(() =>
  import('@/features/memberships/components/subscribe-dialog').then((m) => ({ default: m.SubscribeDialog })),
);
