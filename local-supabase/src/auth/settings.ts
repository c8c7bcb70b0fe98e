import { envReference, tomlSection, type StackConfig } from '../config.ts';

/** The [auth] settings of supabase/config.toml, with GoTrue's defaults where a key is absent. */
export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  refreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  enableSignup: boolean;
  emailSignupEnabled: boolean;
  anonymousSignIns: boolean;
  minPasswordLength: number;
  /** GoTrue's PasswordRequiredCharacters: each string is a set of which at least one character must appear. */
  requiredCharacters: string[];
  mailerAutoconfirm: boolean;
  doubleConfirmChanges: boolean;
  securePasswordChange: boolean;
  /** Seconds between two mails of one kind to one user (SMTP max_frequency). */
  maxFrequency: number;
  otpLength: number;
  otpExpiry: number;
  rateLimits: {
    emailSentPerHour: number;
    tokenRefresh: number;
    signInSignUps: number;
    tokenVerifications: number;
    /** [auth.rate_limit] anonymous_users: anonymous sign-ins per hour per IP. */
    anonymousUsers: number;
  };
  mfa: {
    maxEnrolledFactors: number;
    totpEnroll: boolean;
    totpVerify: boolean;
    phoneEnroll: boolean;
    phoneVerify: boolean;
    webauthnEnroll: boolean;
    webauthnVerify: boolean;
  };
  /** [auth.oauth_server] (GOTRUE_OAUTH_SERVER_*): Supabase Auth as an OAuth 2.1 authorization server. */
  oauthServer: {
    enabled: boolean;
    authorizationPath: string;
    allowDynamicRegistration: boolean;
    authorizationTtl: number;
    defaultScope: string;
  };
  /** Roles whose tokens may call /admin (GOTRUE_JWT_ADMIN_ROLES). */
  adminRoles: string[];
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

/** The CLI maps password_requirements to GOTRUE_PASSWORD_REQUIRED_CHARACTERS (pkg/config/auth.go). */
export function requiredCharactersFor(requirement: string): string[] {
  switch (requirement) {
    case 'letters_digits':
      return [LOWER + UPPER, DIGITS];
    case 'lower_upper_letters_digits':
      return [LOWER, UPPER, DIGITS];
    case 'lower_upper_letters_digits_symbols':
      return [LOWER, UPPER, DIGITS, SYMBOLS];
    default:
      return [];
  }
}

/** "60s", "1m", "1h30m" or a number of seconds. */
export function parseDuration(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string' || !value) return fallback;
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
  let total = 0;
  let matched = '';
  for (let m = re.exec(value); m; m = re.exec(value)) {
    const n = Number(m[1]);
    total += m[2] === 'ms' ? n / 1000 : m[2] === 's' ? n : m[2] === 'm' ? n * 60 : n * 3600;
    matched += m[0];
  }
  return matched === value ? total : fallback;
}

const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);
const str = (v: unknown, d: string) => (typeof v === 'string' ? v : d);

/**
 * The CLI's check of the URLs auth sends people to (pkg/config/config.go, assertEnvLoaded): an `env(NAME)` left
 * unresolved there is only a warning, and the text is used as it is, so links point nowhere until it is set.
 */
export function unsetUrlVariables(auth: Record<string, unknown>): string[] {
  const values = [
    auth.site_url,
    ...(Array.isArray(auth.additional_redirect_urls) ? auth.additional_redirect_urls : []),
  ];
  return values.flatMap((v) => (typeof v === 'string' && envReference(v) !== null ? [envReference(v)!] : []));
}

export function loadAuthSettings(config: StackConfig, warn: (msg: string) => void = console.warn): AuthSettings {
  const auth = tomlSection(config, 'auth');
  for (const name of unsetUrlVariables(auth)) warn(`WARN: environment variable is unset: ${name}`);
  const email = tomlSection(config, 'auth', 'email');
  const rate = tomlSection(config, 'auth', 'rate_limit');
  const mfa = tomlSection(config, 'auth', 'mfa');
  const totp = tomlSection(config, 'auth', 'mfa', 'totp');
  const phone = tomlSection(config, 'auth', 'mfa', 'phone');
  const webauthn = tomlSection(config, 'auth', 'mfa', 'web_authn');
  const oauthServer = tomlSection(config, 'auth', 'oauth_server');
  // Automated tests share one IP and one mail budget; hosted's per-hour numbers would throttle the suite.
  const relax = config.testMode ? 100 : 1;
  return {
    siteUrl: str(auth.site_url, 'http://127.0.0.1:3000'),
    additionalRedirectUrls: Array.isArray(auth.additional_redirect_urls)
      ? auth.additional_redirect_urls.filter((u): u is string => typeof u === 'string')
      : [],
    jwtExpiry: num(auth.jwt_expiry, 3600),
    refreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
    refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
    enableSignup: bool(auth.enable_signup, true),
    emailSignupEnabled: bool(email.enable_signup, true),
    anonymousSignIns: bool(auth.enable_anonymous_sign_ins, false),
    minPasswordLength: num(auth.minimum_password_length, 6),
    requiredCharacters: requiredCharactersFor(str(auth.password_requirements, '')),
    mailerAutoconfirm: !bool(email.enable_confirmations, false),
    doubleConfirmChanges: bool(email.double_confirm_changes, true),
    securePasswordChange: bool(email.secure_password_change, false),
    maxFrequency: parseDuration(email.max_frequency, 60),
    otpLength: num(email.otp_length, 6),
    otpExpiry: num(email.otp_expiry, 3600),
    rateLimits: {
      emailSentPerHour: num(rate.email_sent, 2) * relax,
      tokenRefresh: num(rate.token_refresh, 150) * relax,
      signInSignUps: num(rate.sign_in_sign_ups, 30) * relax,
      tokenVerifications: num(rate.token_verifications, 30) * relax,
      anonymousUsers: num(rate.anonymous_users, 30) * relax,
    },
    mfa: {
      maxEnrolledFactors: num(mfa.max_enrolled_factors, 10),
      totpEnroll: bool(totp.enroll_enabled, true),
      totpVerify: bool(totp.verify_enabled, true),
      phoneEnroll: bool(phone.enroll_enabled, false),
      phoneVerify: bool(phone.verify_enabled, false),
      webauthnEnroll: bool(webauthn.enroll_enabled, false),
      webauthnVerify: bool(webauthn.verify_enabled, false),
    },
    oauthServer: {
      enabled: bool(oauthServer.enabled, false),
      authorizationPath: str(oauthServer.authorization_url_path, ''),
      allowDynamicRegistration: bool(oauthServer.allow_dynamic_registration, false),
      // Neither is a CLI key; GoTrue's defaults (10m, "email").
      authorizationTtl: 600,
      defaultScope: 'email',
    },
    adminRoles: ['service_role', 'supabase_admin'],
  };
}
