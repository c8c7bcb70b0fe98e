// Types for chromium.mjs (plain JavaScript, run by `npm test` before any dependency is installed).
export declare const CHROMIUM: string;
export declare function ensureChromium(): boolean;
