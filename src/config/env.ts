import { parseEnv } from '@/config/parse-env';

/** Build-time configuration, validated once at start-up (the rules: parse-env.ts). */
export const env = parseEnv(import.meta.env);
