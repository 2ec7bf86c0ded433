/**
 * vitest's global setup of the sandbox's tests: every migration applied once, into a PGlite data
 * directory dump (.data/vitest/sandbox-template.tar) that each test file's memory:// database
 * starts from (SANDBOX_DB_TEMPLATE, packages/sandbox/db/client.ts) instead of migrating anew.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migratedTemplate } from '../db/client';

export default async function setup(): Promise<void> {
  const file = path.resolve('.data/vitest/sandbox-template.tar');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.from(await (await migratedTemplate()).arrayBuffer()));
  process.env.SANDBOX_DB_TEMPLATE = file;
}
