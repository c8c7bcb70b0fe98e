/**
 * `@good-space/local-supabase`: a Docker-free stand-in for hosted Supabase (README.md). What a project, its
 * scripts and its tests may use; everything else in src/ is the stack's own and may change without notice.
 */
export {
  DEFAULT_ANON_KEY,
  DEFAULT_JWT_SECRET,
  DEFAULT_PUBLISHABLE_KEY,
  DEFAULT_SECRET_KEY,
  DEFAULT_SERVICE_ROLE_KEY,
  findProjectDir,
  loadConfig,
  tomlSection,
  type StackConfig,
} from './config.ts';
export { consoleLogger, startStack, statusLines, type Logger, type RunningStack } from './stack.ts';
export { startIsolatedStack, type IsolatedStack } from './isolated-stack.ts';
export { dbDirOf, wipeData, type Database } from './db.ts';
export { PortInUseError } from './ports.ts';
export { serveFunction, type ServedFunction, type ServeFunctionOptions } from './functions/standalone.ts';
export { storedObjectPath } from './storage/blobs.ts';
export type { Keys } from './keys.ts';
export type { Mailer, MailMessage } from './mailer.ts';
export { decryptPush, encryptPush, generateP256, vapidAuthorization, verifyVapid } from './push/web-push.ts';
export type { PushDevice, PushMessage, PushService } from './push/service.ts';
export type { Service } from './service.ts';
