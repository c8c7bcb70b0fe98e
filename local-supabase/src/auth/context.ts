import type { ServerResponse } from 'node:http';
import type pg from 'pg';
import type { Keys } from '../keys.ts';
import type { Mailer } from '../mailer.ts';
import type { GatewayRequest } from '../service.ts';
import type { IntervalLimiter, RateLimiter } from './rate-limit.ts';
import type { TokenContext } from './sessions.ts';
import type { AuthSettings } from './settings.ts';
import type { JWTPayload } from 'jose';
import type { LoadedUser } from './users.ts';
import type { SessionRow } from './sessions.ts';

/** What every handler shares: settings, database, keys, mail and the limiters. */
export interface AuthEnv {
  settings: AuthSettings;
  db: pg.Pool;
  keys: Keys;
  mailer: Mailer;
  tokens: TokenContext;
  /** `{API}/auth/v1`: the issuer and the base of mailed links. */
  externalUrl: string;
  limiters: {
    anonymous: RateLimiter;
    token: RateLimiter;
    signup: RateLimiter;
    verify: RateLimiter;
    /** The project's e-mail budget ([auth.rate_limit] email_sent per hour). */
    email: IntervalLimiter;
    /** One bucket per endpoint, as GoTrue's limiterOpts (Recover, Resend, MagicLink, Otp, User). */
    recover: RateLimiter;
    resend: RateLimiter;
    magicLink: RateLimiter;
    otp: RateLimiter;
    user: RateLimiter;
    mfaChallenge: RateLimiter;
    mfaVerify: RateLimiter;
  };
  log: (msg: string) => void;
}

/** One request as handlers see it. */
export interface AuthRequest {
  env: AuthEnv;
  req: GatewayRequest;
  res: ServerResponse;
  url: URL;
  /** Path below /auth/v1, e.g. /admin/users/<id>. */
  path: string;
  /** Path parameters of the matched route. */
  params: Record<string, string>;
  body(): Promise<Buffer>;
  /** The client's IP (first X-Forwarded-For entry, as hosted's rate-limit header). */
  ip: string;
  /** Set by the authentication middleware. */
  claims?: JWTPayload & Record<string, unknown>;
  user?: LoadedUser;
  session?: SessionRow | null;
}

export type Handler = (r: AuthRequest) => Promise<void>;
