/** What a person whose account Good Space suspended reads on /auth (docs/trust-and-safety.md). */
export const ACCOUNT_SUSPENDED_MESSAGE =
  'Your account is suspended. If you think this is a mistake, write to help@goodspace.app.';
