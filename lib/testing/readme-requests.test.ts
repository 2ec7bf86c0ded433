/**
 * The requests a new merchant copies from the README and the integration guide: every `curl`
 * with a JSON body (`-d '…'`) names an operation of the contract (packages/contract/src/operations.ts)
 * by its method and path, and its body passes that operation's request schema, so a contract
 * change that breaks a documented request fails here before a merchant meets it. The commands
 * need nothing but curl and Node (no `uuidgen`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@hosted-checkout/contract/operations';

const DOCS = ['README.md', 'docs/integration.md', 'docs/sandbox.md', 'examples/merchant/README.md'];

interface Curl {
  file: string;
  method: string;
  path: string;
  body: string | null;
}

/** A shell block's commands: lines end at a newline outside single quotes; `\` continues one. */
function commands(block: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < block.length; i += 1) {
    const c = block[i];
    if (c === "'") quoted = !quoted;
    if (!quoted && c === '\\' && block[i + 1] === '\n') {
      current += ' ';
      i += 1;
    } else if (!quoted && c === '\n') {
      out.push(current);
      current = '';
    } else current += c;
  }
  return [...out, current];
}

/** The curl commands of a Markdown file's `sh` blocks. */
function curls(file: string): Curl[] {
  const text = readFileSync(file, 'utf8');
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  const out: Curl[] = [];
  for (const block of blocks) {
    for (const command of commands(block).filter((line) => /^\s*curl\s/.test(line))) {
      const url = /https?:\/\/[^\s'"]+/.exec(command)?.[0] ?? '';
      const explicit = /-X\s+([A-Z]+)/.exec(command)?.[1];
      // `'…'$RANDOM'…'` in a body: the shell's quoting around a variable, read as a digit here.
      const body = /-d\s+'([\s\S]*?)'\s*$/.exec(command.replace(/'\$RANDOM'/g, '7'))?.[1] ?? null;
      out.push({ file, method: explicit ?? (body ? 'POST' : 'GET'), path: new URL(url).pathname.replace(/^\/sandbox\/api/, ''), body });
    }
  }
  return out;
}

/** The operation whose method and path template match a request's. */
function operationOf(method: string, path: string) {
  return Object.entries(OPERATIONS).find(([, op]) => {
    if (op.method !== method) return false;
    const pattern = new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return pattern.test(path);
  });
}

const all = DOCS.flatMap(curls);

describe('the documented curl requests', () => {
  it('are there to check (the README alone has a pay-in and a cashier session)', () => {
    const readme = all.filter((c) => c.file === 'README.md' && c.body);
    expect(readme.map((c) => c.path)).toEqual(expect.arrayContaining(['/public/payin', '/public/cashier/session']));
  });

  it.each(all.filter((c) => c.body).map((c) => [`${c.file}: ${c.method} ${c.path}`, c] as const))(
    '%s: its body passes the operation’s request schema',
    (_name, curl) => {
      const found = operationOf(curl.method, curl.path);
      expect(found, `${curl.method} ${curl.path} is an operation`).toBeDefined();
      const schema = found && 'request' in found[1] ? found[1].request : null;
      expect(schema, `${found?.[0]} takes a body`).toBeTruthy();
      const parsed = schema!.safeParse(JSON.parse(curl.body!));
      expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
    },
  );

  it('need no uuidgen', () => {
    for (const file of DOCS) expect(readFileSync(file, 'utf8'), file).not.toMatch(/\buuidgen\b/);
  });
});
