import type { EnvReader } from './config.ts';

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  auth: { user: string; pass: string } | null;
  from: string;
}

/**
 * The SMTP server, from the secrets SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS and SMTP_FROM (supabase/config.toml
 * [edge_runtime.secrets]). Unset, they point at the local stack's inbox (127.0.0.1:54325, as the Supabase CLI's
 * inbox), so development needs no settings; production sets all of them for its provider.
 */
export function smtpSettings(env: EnvReader): SmtpSettings {
  const host = env('SMTP_HOST') || '127.0.0.1';
  const portText = env('SMTP_PORT') || '54325';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`SMTP_PORT is not a port: ${portText}`);
  const user = env('SMTP_USER');
  const pass = env('SMTP_PASS') ?? '';
  return {
    host,
    port,
    secure: port === 465,
    auth: user ? { user, pass } : null,
    from: env('SMTP_FROM') || 'Good Space <notifications@goodspace.local>',
  };
}
