// Types for mail-job-settings.mjs (plain JavaScript, run by `npm start` with Node alone).
export declare function writeMailJobSettings(settings: {
  dbUrl: string;
  apiUrl: string;
  secretKey: string;
}): Promise<void>;
