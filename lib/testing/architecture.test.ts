/**
 * The structure holds (lib/testing/architecture.ts), read from the source files so a new file is
 * checked with no list to update: every unit of lib/, components/ and app/ and the sandbox package
 * in a declared layer; no import up a layer or across siblings (the checkout's two sides, the
 * payment methods, the pages); the product reaches the sandbox only through lib/startup.ts and
 * app/sandbox/ (its tests too: the product's unit tests run with no database); no import circle
 * between modules or between units. The sandbox's own layers are its own table
 * (packages/sandbox/testing/layers.ts, checked by its own test).
 * Then the checks themselves, on made-up trees: each kind of forbidden import fails.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphOf as graphOfFiles, sourceFiles } from '@hosted-checkout/runtime/testing/import-graph';
import { circlesOf, importsOf, specifiersOf } from '@hosted-checkout/runtime/testing/import-graph';
import { layerViolations, sandboxDoorViolations, unitGraph, unitOf } from './architecture';

const PROJECT = path.resolve('.');

const sources = sourceFiles;

const ROOTS = [
  'lib',
  'components',
  'app',
  'packages/contract',
  'packages/runtime',
  'packages/sandbox',
  'integration',
  'proxy.ts',
  'instrumentation.ts',
].map((root) => path.join(PROJECT, root));
const graphOf = (files: string[]) => graphOfFiles(files, PROJECT);
const graph = graphOf(ROOTS.flatMap((root) => sources(root)));
// The checks' own made-up trees (below) name the sandbox in strings: not imports.
const withTests = graphOf(ROOTS.flatMap((root) => sources(root, true)).filter((file) => !file.endsWith('architecture.test.ts')));
const rel = (file: string) => path.relative(PROJECT, file);

describe('architecture of the project', () => {
  it('has no import circle between modules', () => {
    expect(circlesOf(graph).map((circle) => circle.map(rel))).toEqual([]);
  });

  it('has no circle between units (no folder loop, even inside a free layer)', () => {
    expect(circlesOf(unitGraph(graph, PROJECT))).toEqual([]);
  });

  it('places every unit in a layer and imports nothing from a higher layer or a sibling', () => {
    const { up, unplaced } = layerViolations(graph, PROJECT);
    expect(unplaced, 'units in no layer (lib/testing/architecture.ts, LAYERS)').toEqual([]);
    expect(up).toEqual([]);
  });

  it('reaches the sandbox only through the start-up door and the route mounts, tests included', () => {
    expect(sandboxDoorViolations(withTests, PROJECT)).toEqual([]);
  });
});

describe('the architecture checks catch each kind of forbidden import', () => {
  const root = '/p';
  /** A made-up tree: path relative to the project → source text. */
  const tree = (files: Record<string, string>) => {
    const paths = Object.keys(files).map((file) => path.join(root, file));
    const set = new Set(paths);
    return new Map(paths.map((file) => [file, importsOf(file, files[path.relative(root, file)]!, set, root)]));
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
      "import { g } from '@sandbox/service/g';",
    ].join('\n');
    expect(specifiersOf(text)).toEqual(['./a', '@/lib/b', './side-effect', '@/lib/c.ts', './d', './e', './f', '@sandbox/service/g']);
    expect(unitOf('lib/checkout/cashier/live-balance/x.ts')).toBe('checkout/cashier');
    expect(unitOf('lib/log.ts')).toBe('log');
    expect(unitOf('components/cashier/flow/x.tsx')).toBe('components/cashier');
    expect(unitOf('app/sandbox/bank/page.tsx')).toBe('app/sandbox');
    expect(unitOf('packages/sandbox/service/core/x.ts')).toBe('sandbox');
  });

  it('an import up a layer, a named .ts file, a side-effect import, a dynamic one', () => {
    for (const line of [
      "import { x } from '@/lib/checkout/shared/x';",
      "import { x } from '../checkout/shared/x.ts';",
      "import '@/lib/checkout/shared/x';",
      "const x = await import('@/lib/checkout/shared/x.ts');",
    ]) {
      const graph = tree({ 'lib/contract/a.ts': line, 'lib/checkout/shared/x.ts': '' });
      expect(layerViolations(graph, root).up, line).toEqual(['lib/contract/a.ts → lib/checkout/shared/x.ts']);
    }
  });

  it('an import across the checkout sides, and across the pages of components/', () => {
    expect(
      layerViolations(
        tree({ 'lib/checkout/cashier/a.ts': "import { b } from '@/lib/checkout/payment-pages/b';", 'lib/checkout/payment-pages/b.ts': '' }),
        root,
      ).up,
    ).toEqual(['lib/checkout/cashier/a.ts → lib/checkout/payment-pages/b.ts']);
    expect(
      layerViolations(tree({ 'components/payment/a.tsx': "import { b } from '../cashier/b';", 'components/cashier/b.tsx': '' }), root).up,
    ).toEqual(['components/payment/a.tsx → components/cashier/b.tsx']);
  });

  it('lib importing a component, and a component importing a route', () => {
    const graph = tree({
      'lib/checkout/shared/a.ts': "import { C } from '@/components/card/c';",
      'components/card/c.tsx': "import P from '@/app/page';",
      'app/page.tsx': '',
    });
    expect(layerViolations(graph, root).up).toEqual([
      'lib/checkout/shared/a.ts → components/card/c.tsx',
      'components/card/c.tsx → app/page.tsx',
    ]);
  });

  it('a product file (or test) importing the sandbox, outside the start-up door and the mounts', () => {
    const graph = tree({
      'lib/checkout/shared/readiness.ts': "const s = await import('@sandbox/service/core/store');",
      'lib/security/velocity.test.ts': "import { sandboxDb } from '@sandbox/service/core/store';",
      'lib/startup.ts': "const w = await import('@sandbox/service/worker');",
      'app/sandbox/api/route.ts': "import { handle } from '@sandbox/service/http';",
      'integration/hub.test.ts':
        "import { hub } from '@/lib/checkout/cashier/hub';\nimport { sandboxDb } from '@sandbox/service/core/store';",
      'lib/checkout/cashier/hub.ts': '',
      'packages/sandbox/service/core/store.ts': "import { log } from '@/lib/log';",
      'packages/sandbox/service/worker.ts': '',
      'packages/sandbox/service/http.ts': '',
      'lib/log.ts': '',
    });
    expect(sandboxDoorViolations(graph, root)).toEqual([
      'lib/checkout/shared/readiness.ts → packages/sandbox/service/core/store.ts',
      'lib/security/velocity.test.ts → packages/sandbox/service/core/store.ts',
    ]);
  });

  it('a unit in no layer', () => {
    const graph = tree({ 'lib/attic/a.ts': "import { b } from '@/lib/log';", 'lib/log.ts': '', 'components/attic/x.tsx': '' });
    expect(layerViolations(graph, root).unplaced.sort()).toEqual(['attic', 'components/attic']);
  });

  it('a circle closed by a side-effect import or a named .ts file', () => {
    for (const back of ["import './a';", "import { a } from './a.ts';"]) {
      const graph = tree({ 'lib/card/a.ts': "import { b } from './b';", 'lib/card/b.ts': back });
      expect(circlesOf(graph), back).toEqual([['/p/lib/card/a.ts', '/p/lib/card/b.ts']]);
    }
  });

  it('a folder loop inside a free layer, with no circle between modules', () => {
    const graph = tree({
      'lib/net/request-log.ts': "import { observe } from '@/lib/metrics/metrics';",
      'lib/metrics/metrics.ts': '',
      'lib/metrics/server.ts': "import { leaveUnhooked } from '@/lib/net/request-hooks';",
      'lib/net/request-hooks.ts': '',
    });
    expect(circlesOf(graph)).toEqual([]);
    expect(layerViolations(graph, root).up).toEqual([]);
    expect(circlesOf(unitGraph(graph, root))).toEqual([['metrics', 'net']]);
  });

  it('an allowed tree passes', () => {
    const graph = tree({
      'lib/checkout/cashier/a.ts': "import { s } from '@/lib/checkout/shared/s';\nimport './c';",
      'lib/checkout/cashier/c.ts': "import { l } from '@/lib/log.ts';",
      'lib/checkout/shared/s.ts': "import type { T } from '@/lib/contract/t';",
      'lib/contract/t.ts': '',
      'lib/log.ts': '',
      'components/cashier/x.tsx': "import { a } from '@/lib/checkout/cashier/a';",
      'app/page.tsx': "import { X } from '@/components/cashier/x';",
    });
    expect(layerViolations(graph, root)).toEqual({ up: [], unplaced: [] });
    expect(circlesOf(graph)).toEqual([]);
    expect(circlesOf(unitGraph(graph, root))).toEqual([]);
    expect(sandboxDoorViolations(graph, root)).toEqual([]);
  });
});
