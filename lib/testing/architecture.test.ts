/**
 * The structure holds (lib/testing/architecture.ts): every folder of lib/ in a declared layer, no
 * import up a layer or across the checkout's two sides, no import circle anywhere in lib/ (type-only
 * imports count), and inside the sandbox no import from a lower layer to a higher one: core <
 * bank (the sandbox bank) < merchant < payins, payouts (which do not import each other) < cashier < pages < the router,
 * handlers and worker at its root. Read from the source files, so a new file is checked with no
 * list to update. Then the checks themselves, on made-up trees: each kind of forbidden import fails.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circlesOf, importsOf, layerViolations, specifiersOf, unitOf } from './architecture';

const PROJECT = path.resolve('.');
const ROOT = path.resolve('lib');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'generated' ? [] : sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const files = sources(ROOT);
const known = new Set(files);
const graph = new Map(files.map((file) => [file, importsOf(file, readFileSync(file, 'utf8'), known, PROJECT)]));
const rel = (file: string) => path.relative(PROJECT, file);

describe('architecture of lib/', () => {
  it('has no import circle', () => {
    expect(circlesOf(graph).map((circle) => circle.map(rel))).toEqual([]);
  });

  it('places every folder in a layer and imports nothing from a higher layer or a sibling side', () => {
    const { up, unplaced } = layerViolations(graph, ROOT);
    expect(unplaced, 'folders of lib/ in no layer (lib/testing/architecture.ts, LAYERS)').toEqual([]);
    expect(up).toEqual([]);
  });

  it('imports nothing of a higher sandbox layer from a lower one', () => {
    const RANK: Record<string, number> = { core: 0, bank: 0.5, merchant: 1, payins: 2, payouts: 2, cashier: 3, pages: 4 };
    const layerOf = (file: string) => {
      const inside = path.relative(path.join(ROOT, 'sandbox'), file);
      if (inside.startsWith('..')) return null;
      const [folder, ...rest] = inside.split(path.sep);
      return rest.length === 0 ? { name: 'root', rank: 5 } : { name: folder!, rank: RANK[folder!] ?? 99 };
    };
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = layerOf(file);
      if (!from) continue;
      expect(from.rank, `${rel(file)}: a sandbox folder without a layer`).not.toBe(99);
      for (const target of targets) {
        const to = layerOf(target);
        if (!to) continue;
        if (to.rank > from.rank || (to.rank === from.rank && to.name !== from.name)) wrong.push(`${rel(file)} → ${rel(target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the architecture checks catch each kind of forbidden import', () => {
  const lib = '/p/lib';
  /** A made-up tree: relative path → source text. */
  const tree = (sources: Record<string, string>) => {
    const paths = Object.keys(sources).map((file) => path.join(lib, file));
    const set = new Set(paths);
    return new Map(paths.map((file) => [file, importsOf(file, sources[path.relative(lib, file)]!, set, '/p')]));
  };

  it('reads every form of specifier', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '@/lib/b';",
      "import './side-effect';",
      "  import '@/lib/c.ts';",
      "export { d } from './d';",
      "const e = await import('./e');",
      'const f = await import(',
      "  './f'",
      ');',
    ].join('\n');
    expect(specifiersOf(text)).toEqual(['./a', '@/lib/b', './side-effect', '@/lib/c.ts', './d', './e', './f']);
    expect(unitOf('checkout/cashier/live-balance/x.ts')).toBe('checkout/cashier');
    expect(unitOf('log.ts')).toBe('log');
  });

  it('an import up a layer, a named .ts file, a side-effect import, a dynamic one', () => {
    for (const line of [
      "import { x } from '@/lib/checkout/shared/x';",
      "import { x } from '../checkout/shared/x.ts';",
      "import '@/lib/checkout/shared/x';",
      "const x = await import('@/lib/checkout/shared/x.ts');",
    ]) {
      const graph = tree({ 'contract/a.ts': line, 'checkout/shared/x.ts': '' });
      expect(layerViolations(graph, lib).up, line).toEqual(['contract/a.ts → checkout/shared/x.ts']);
    }
  });

  it('an import across the checkout sides', () => {
    const graph = tree({
      'checkout/cashier/a.ts': "import { b } from '@/lib/checkout/payment-pages/b';",
      'checkout/payment-pages/b.ts': '',
    });
    expect(layerViolations(graph, lib).up).toEqual(['checkout/cashier/a.ts → checkout/payment-pages/b.ts']);
  });

  it('a folder in no layer', () => {
    const graph = tree({ 'attic/a.ts': "import { b } from '@/lib/log';", 'log.ts': '' });
    expect(layerViolations(graph, lib).unplaced).toEqual(['attic']);
  });

  it('a circle closed by a side-effect import or a named .ts file', () => {
    for (const back of ["import './a';", "import { a } from './a.ts';"]) {
      const graph = tree({ 'card/a.ts': "import { b } from './b';", 'card/b.ts': back });
      expect(circlesOf(graph), back).toEqual([['/p/lib/card/a.ts', '/p/lib/card/b.ts']]);
    }
  });

  it('an allowed tree passes', () => {
    const graph = tree({
      'checkout/cashier/a.ts': "import { s } from '@/lib/checkout/shared/s';\nimport './c';",
      'checkout/cashier/c.ts': "import { l } from '@/lib/log.ts';",
      'checkout/shared/s.ts': "import type { T } from '@/lib/contract/t';",
      'contract/t.ts': '',
      'log.ts': '',
    });
    expect(layerViolations(graph, lib)).toEqual({ up: [], unplaced: [] });
    expect(circlesOf(graph)).toEqual([]);
  });
});
