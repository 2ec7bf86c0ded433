/**
 * Makes sure Debian's Chromium is installed for the browser tests (Playwright's own browser
 * download cannot be used here). Installs it with apt-get when missing; needs root.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) {
  console.log(`chromium: ${path}`);
} else {
  console.log('chromium missing: installing Debian package chromium');
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq chromium fonts-liberation`, {
    stdio: 'inherit',
  });
  if (!existsSync(path)) throw new Error(`chromium is still missing at ${path}`);
}
