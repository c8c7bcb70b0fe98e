// Zod compiles its object parsers with `new Function` when it may, and probes whether it may by calling it once,
// when the first object schema is made. Under the site's Content-Security-Policy (no 'unsafe-eval';
// vite/security-headers.ts, ADR 0030) the probe is refused and reported as a violation even though Zod
// catches it. Jitless parsing never probes; it is as correct and, for forms this small, no slower to notice.
//
// Zod keeps its settings on `globalThis.__zod_globalConfig` (so that every copy of it shares them) and takes the
// object it finds there; `z.config({ jitless: true })` writes the same object. Setting it here rather than
// importing Zod keeps Zod out of the entry chunk, which the landing page's size budget counts (ADR 0013).
// src/main.tsx imports this first, before any module that makes a schema; zod-jitless.test.ts checks that Zod
// reads it.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
