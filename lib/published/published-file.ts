/**
 * What the app publishes from its own tests and benchmarks (published/*.json, written by
 * scripts/publish/accessibility-statement.mjs and `npm run bench:clock -- --publish`), read
 * at request time from the server's working folder (the standalone build's copy,
 * scripts/build/standalone-assets.mjs; the gate's statement step refreshes it after the browser
 * tests). Server only.
 */
import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';

/** The build the server runs (`.next/BUILD_ID`), or null when there is none (`next dev`). */
export function runningBuildId(): string | null {
  try {
    return readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * The published file `name` (e.g. `accessibility.json`) parsed by `schema`; null when it is
 * absent or does not match (then the page says it has not been made). Never throws.
 */
export function readPublished<T>(name: string, schema: z.ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(path.join(process.cwd(), 'published', name), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
