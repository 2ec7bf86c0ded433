/**
 * `npm run integrity:check URL [-- --inventory FILE]` (PCI DSS 4.0 requirement 11.6.1): fetches a
 * live payment page and compares its security headers and scripts with the script inventory of
 * the build (.next/script-inventory.json, scripts/build/script-inventory.mjs). Prints every change (a
 * script added, removed or changed, an inline script of an unknown kind or without the CSP's
 * nonce, a security header changed, added or removed) and exits 1 on any; 0 when the page is as
 * inventoried; 2 when it cannot tell (no inventory, no such page, no answer).
 */
import { readFileSync } from 'node:fs';
import { readPage } from './page-integrity.mjs';

/** The differences between a live page and its inventory entry, as sentences. */
export function compare(entry, live) {
  const changes = [];
  const names = new Set([...Object.keys(entry.headers), ...Object.keys(live.headers)]);
  for (const name of names) {
    if (entry.headers[name] === live.headers[name]) continue;
    if (live.headers[name] === undefined) changes.push(`header removed: ${name}`);
    else if (entry.headers[name] === undefined) changes.push(`header added: ${name}: ${live.headers[name]}`);
    else changes.push(`header changed: ${name}: expected "${entry.headers[name]}", got "${live.headers[name]}"`);
  }
  const known = new Map(entry.scripts.map((s) => [s.src, s]));
  for (const script of live.scripts) {
    const expected = known.get(script.src);
    if (!expected) changes.push(`script added: ${script.src} (${script.integrity})`);
    else if (expected.integrity !== script.integrity)
      changes.push(`script changed: ${script.src}: expected ${expected.integrity}, got ${script.integrity}`);
    if (!script.nonce) changes.push(`script without the CSP nonce: ${script.src}`);
  }
  for (const script of entry.scripts) if (!live.scripts.some((s) => s.src === script.src)) changes.push(`script removed: ${script.src}`);
  for (const script of live.inline) {
    if (script.kind === 'unknown' || !entry.inline.includes(script.kind))
      changes.push(`inline script of unknown kind: ${JSON.stringify(script.sample)}`);
    if (!script.nonce) changes.push(`inline script without the CSP nonce: ${JSON.stringify(script.sample)}`);
  }
  return changes;
}

/** The inventory entry whose path pattern matches `pathname` ({id} stands for one segment). */
export function entryFor(inventory, pathname) {
  const parts = pathname.split('/');
  return Object.entries(inventory.pages).find(([, page]) => {
    const pattern = page.path.split('/');
    return pattern.length === parts.length && pattern.every((segment, i) => segment === '{id}' || segment === parts[i]);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const url = args.find((a) => /^https?:\/\//.test(a));
  const inventoryPath = args.includes('--inventory') ? args[args.indexOf('--inventory') + 1] : '.next/script-inventory.json';
  if (!url) {
    console.error('usage: npm run integrity:check URL [-- --inventory FILE]');
    process.exit(2);
  }
  let inventory;
  try {
    inventory = JSON.parse(readFileSync(inventoryPath, 'utf8'));
  } catch {
    console.error(`no script inventory at ${inventoryPath}: run npm run build`);
    process.exit(2);
  }
  const match = entryFor(inventory, new URL(url).pathname);
  if (!match) {
    console.error(`${new URL(url).pathname} is not a payment page of the inventory`);
    process.exit(2);
  }
  let live;
  try {
    live = await readPage(url);
  } catch (error) {
    console.error(String(error?.message ?? error));
    process.exit(2);
  }
  const changes = compare(match[1], live);
  if (changes.length === 0) {
    console.log(
      `integrity check: ${match[0]} page as inventoried (${live.scripts.length} scripts, ${Object.keys(live.headers).length} security headers)`,
    );
    process.exit(0);
  }
  console.log(`integrity check: ${match[0]} page CHANGED:`);
  for (const change of changes) console.log(`  - ${change}`);
  process.exit(1);
}
