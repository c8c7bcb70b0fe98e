// Types for demo-logins.mjs (plain JavaScript, run by `npm start` with Node alone).
export interface DemoLogin {
  role: string;
  email: string;
  password: string | null;
}
export declare function plainText(markdown: string): string;
export declare function parseDemoLogins(markdown: string): DemoLogin[];
export declare function formatDemoLogins(logins: DemoLogin[], indent?: string): string;
