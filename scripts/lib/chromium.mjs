import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser tests use Debian's Chromium (Playwright's own download cannot be fetched here). Installs it
 * when missing and the machine allows (root with apt-get); otherwise says what to install.
 */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const canApt = userInfo().uid === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    console.error(`Chromium not found at ${CHROMIUM}. Install Debian's "chromium" package (sudo apt-get install chromium) or set CHROMIUM_PATH.`);
    return false;
  }
  console.log('Installing Chromium for browser tests (apt-get install chromium)…');
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation', {
      stdio: 'inherit',
      shell: '/bin/bash',
    });
  } catch {
    console.error('Could not install chromium with apt-get.');
  }
  return existsSync(CHROMIUM);
}
