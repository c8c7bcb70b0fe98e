export type NudgeGate = 'subscribe' | 'no-project' | 'open';

export const NO_PROJECT_MESSAGE = 'You need to create a project first';

/** Nudging needs a subscription first, then at least one project to nudge for, then the dialog. */
export function nudgeGate({ subscribed, projectCount }: { subscribed: boolean; projectCount: number }): NudgeGate {
  if (!subscribed) return 'subscribe';
  if (projectCount === 0) return 'no-project';
  return 'open';
}
