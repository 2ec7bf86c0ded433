/**
 * Makes sure Debian's Chromium is there for the browser tests (Playwright's own browser download
 * cannot be used here): the file the tests launch, CHROMIUM_PATH or /usr/bin/chromium. Installs
 * Debian's `chromium` (with `fonts-liberation`) when it is missing, as root or through sudo
 * (scripts/build/debian-packages.mjs); exits 1 saying why when it cannot.
 */
import { ensureTools } from './debian-packages.mjs';

const file = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
try {
  const found = ensureTools([{ file, package: 'chromium', with: ['fonts-liberation'] }]);
  console.log(`chromium: ${found[file]}`);
} catch (error) {
  console.error(`ensure-chromium: ${error.message}`);
  process.exit(1);
}
