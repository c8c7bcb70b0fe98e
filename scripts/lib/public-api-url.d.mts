// Types for public-api-url.mjs (plain JavaScript, like mail-job-settings.mjs).
export declare function writePublicApiUrl(settings: { dbUrl: string; apiUrl: string }): Promise<void>;
