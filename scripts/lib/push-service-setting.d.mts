// Types for push-service-setting.mjs (plain JavaScript, like mail-job-settings.mjs).
export declare function writeLocalPushServiceUrl(settings: { dbUrl: string; pushUrl: string }): Promise<void>;
