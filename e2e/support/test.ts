import { test as base, type Browser, type BrowserContext } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Browser, BrowserContext, Page } from '@playwright/test';

// Every journey imports `test` from here: it fails any journey in which the browser refused something under the
// site's Content-Security-Policy (vite/security-headers.ts, docs/deployment.md). The app must run under the
// policy it ships with, so a violation is a bug in the app or in the policy, never noise.

/** Reports each `securitypolicyviolation` event to the console, where the guard below reads it. */
const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) => {
  console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' in ' + (e.sourceFile || location.pathname) + ':' + e.lineNumber);
});`;

function isViolation(text: string): boolean {
  return text.startsWith('CSP violation: ') || /Content Security Policy/i.test(text);
}

export const test = base.extend<{ cspViolations: string[] }>({
  // The violations seen so far in the test; e2e/csp.spec.ts reads (and then clears) the ones it causes on purpose.
  cspViolations: [
    async ({ context, browser }, use, testInfo) => {
      const violations: string[] = [];
      const watch = async (watched: BrowserContext) => {
        watched.on('console', (message) => {
          // The page's path only: a URL may carry tokens (the reset link's fragment).
          const where = message.page() ? new URL(message.page()!.url()).pathname : '';
          if (isViolation(message.text())) violations.push(`${where}: ${message.text()}`);
        });
        await watched.addInitScript(REPORT_VIOLATIONS);
      };
      await watch(context);
      // Journeys with two people open contexts of their own (browser.newContext): watch those too.
      const newContext = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (...args) => {
        const created = await newContext(...args);
        await watch(created);
        return created;
      };
      browser.newContext = patched;
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      if (testInfo.status === testInfo.expectedStatus && violations.length > 0)
        throw new Error(`The page broke the Content-Security-Policy:\n${[...new Set(violations)].join('\n')}`);
    },
    { auto: true },
  ],
});
