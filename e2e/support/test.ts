import { test as base, type Browser, type BrowserContext } from '@playwright/test';
import { setCustomerLocation, setDesignerProfile, subscribe } from '../designers-fixtures.ts';
import { deleteUserByEmail, freshEmail } from './inbox.ts';
import { settleHeldMilestones, settleHeldOrders } from './api.ts';
import { makeOperator } from './operators.ts';
import { createUser, deleteUser, type AccountOptions, type Role, type TestUser } from './users.ts';

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

/** A user as a journey needs them: the role, and what the journey arranges before it starts. */
export type UserOptions = AccountOptions & {
  role: Role;
  /** An active sandbox membership of the role's plan (written as the payments functions would). */
  subscribed?: boolean;
  /** The customer profile's location: a place's text or "lat,lng". */
  location?: string;
  /** Columns of the designer profile (location, specialties, base_rate, ...). */
  designerProfile?: Record<string, unknown>;
  /** A Good Space operator (docs/trust-and-safety.md), made by SQL as staff are. */
  operator?: boolean;
};

export type MakeUser = (options: UserOptions) => Promise<TestUser>;

/**
 * Deletes a test's users, newest first, one at a time: what one user made can hold a row of another (a buyer's
 * project holding a seller's piece), and deleting them together can trip over that. A user whose delete fails is
 * tried again after the others are gone; only a pass that deletes nobody fails the test.
 */
async function deleteUsers(users: TestUser[]): Promise<void> {
  let left = [...users].reverse();
  while (left.length > 0) {
    const failed: TestUser[] = [];
    let lastError: unknown;
    for (const user of left) {
      try {
        await deleteUser(user);
      } catch (error) {
        failed.push(user);
        lastError = error;
      }
    }
    if (failed.length === left.length) throw lastError;
    left = failed;
  }
}

type Fixtures = {
  cspViolations: string[];
  /** Makes users for this test, in the order asked; every one of them is deleted after the test, passed or failed. */
  makeUser: MakeUser;
  /** A customer without a membership, made for this test and deleted after it. */
  customer: TestUser;
  /** A designer without a membership, made for this test and deleted after it. */
  designer: TestUser;
  /**
   * A fresh deliverable address (`freshEmail`) for a journey that signs up through the app itself; whoever signed
   * up with it is deleted after the test.
   */
  signUpEmail: (prefix: string) => string;
};

export const test = base.extend<Fixtures>({
  // Test-scoped, like epic-stack's user fixtures: journeys change their users (memberships, profiles, deleting
  // the account), so no two tests share one; unique e-mails keep parallel journeys apart (docs/architecture.md).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  makeUser: async ({}, use) => {
    const made: TestUser[] = [];
    await use(async ({ role, subscribed, location, designerProfile, operator, ...account }) => {
      const user = await createUser(role, account);
      made.push(user);
      if (subscribed) await subscribe(user);
      if (location !== undefined) await setCustomerLocation(user, location);
      if (designerProfile) await setDesignerProfile(user, designerProfile);
      if (operator) await makeOperator(user);
      return user;
    });
    if (made.length > 0) {
      await settleHeldMilestones(made);
      await settleHeldOrders(made);
    }
    await deleteUsers(made);
  },
  customer: async ({ makeUser }, use) => use(await makeUser({ role: 'customer' })),
  designer: async ({ makeUser }, use) => use(await makeUser({ role: 'designer' })),
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  signUpEmail: async ({}, use) => {
    const emails: string[] = [];
    await use((prefix) => {
      const email = freshEmail(prefix);
      emails.push(email);
      return email;
    });
    await Promise.all(emails.map(deleteUserByEmail));
  },

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
