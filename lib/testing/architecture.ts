/**
 * The house rules of the project, as data and pure checks (lib/testing/architecture.test.ts runs
 * them on the source tree, and on made-up trees to show each kind of forbidden import is caught).
 *
 * - Every unit (a folder of lib/ or each side of lib/checkout/, a feature folder of components/,
 *   the routes of app/, the sandbox package) sits in a declared layer, lowest first. A module
 *   imports only from its own layer or below; within a layer of `siblings`, one unit never
 *   imports another (the payment pages and the cashier do not know each other).
 * - The product reaches the sandbox (packages/sandbox) only through its start-up door
 *   (lib/startup.ts) and its route mounts (app/sandbox/): `SANDBOX_DOORS`. The tests of both
 *   houses together (integration/, outside both, as e2e/ is) may import either: `BOTH_HOUSES`.
 * - No import circle anywhere, between modules or between units (a folder loop inside a `free`
 *   layer counts); type-only imports count.
 * - An import is any module specifier: `import … from`, `export … from`, a side-effect
 *   `import './x'`, a dynamic `import('./x')`, with or without a `.ts`/`.tsx` extension, relative
 *   or through the aliases `@/` (the project) and `@sandbox/` (packages/sandbox), and the packages'
 *   names `@hosted-checkout/contract/` and `@hosted-checkout/runtime/` (their src/).
 */
import path from 'node:path';

/** A layer: its units (`unitOf`'s names). */
export interface Layer {
  name: string;
  units: string[];
  /** `free`: its units may import each other; `siblings`: they may not. */
  within: 'free' | 'siblings';
}

/** The layers of the project, lowest first. */
export const LAYERS: Layer[] = [
  { name: 'the contract (packages/contract)', units: ['contract'], within: 'free' },
  { name: 'the runtime: the server plumbing both houses run on (packages/runtime)', units: ['runtime'], within: 'free' },
  { name: 'foundation', units: ['config', 'log', 'tracing', 'i18n'], within: 'free' },
  { name: 'domain rules', units: ['card', 'cashier', 'net', 'security', 'framing', 'embed', 'db', 'metrics', 'published'], within: 'free' },
  { name: 'the payments service client', units: ['payments-api'], within: 'free' },
  { name: 'what both checkout sides use', units: ['checkout/shared'], within: 'free' },
  { name: 'the checkout sides', units: ['checkout/payment-pages', 'checkout/cashier'], within: 'siblings' },
  {
    name: 'what every page shows',
    units: ['components/theme', 'components/frame', 'components/launch', 'components/form'],
    within: 'free',
  },
  { name: 'the payment methods', units: ['components/card', 'components/apm', 'components/status'], within: 'siblings' },
  { name: 'the wallets and Click to Pay (on the card page)', units: ['components/wallet', 'components/click-to-pay'], within: 'free' },
  {
    name: "responsible gambling (the cashier's panel, prompt, notices, reminders)",
    units: ['components/responsible-gambling'],
    within: 'free',
  },
  {
    name: 'the pages (and what the checkout publishes: the accessibility statement, the performance table)',
    units: ['components/payment', 'components/cashier', 'components/published'],
    within: 'siblings',
  },
  { name: 'test support', units: ['testing'], within: 'free' },
  { name: 'the embedded sandbox (the service, packages/sandbox)', units: ['sandbox'], within: 'free' },
  { name: 'start-up', units: ['startup', 'sandbox-absent'], within: 'free' },
  { name: 'routes', units: ['app', 'app/sandbox', 'proxy', 'instrumentation'], within: 'free' },
  { name: 'the tests of both houses together (integration/)', units: ['integration'], within: 'free' },
];

/** The product files that may import the sandbox: the start-up door and the mounts of its routes. */
export const SANDBOX_DOORS = [/^lib\/startup\.ts$/, /^app\/sandbox\//];

/** The files outside both houses that may import both: the tests of the product against the sandbox in process. */
export const BOTH_HOUSES = [/^integration\//];

/**
 * The unit of a path relative to the project: `lib/checkout/cashier/x.ts` → `checkout/cashier`,
 * `lib/log.ts` → `log`, `components/card/x.tsx` → `components/card`, `app/sandbox/…` →
 * `app/sandbox`, other `app/…` → `app`, `packages/sandbox/…` → `sandbox`, `packages/runtime/…` → `runtime`, `proxy.ts` → `proxy`.
 */
export function unitOf(relative: string): string {
  const parts = relative.split(/[\\/]/);
  // `split` answers one part at least ('' for an empty path).
  const [top = '', second, third] = parts;
  if (top === 'lib' && second !== undefined) {
    if (parts.length === 2) return second.replace(/\.tsx?$/, '');
    if (second === 'checkout' && third !== undefined && parts.length > 3) return `checkout/${third}`;
    return second;
  }
  if (top === 'components' && parts.length > 2) return `components/${second}`;
  if (top === 'app') return second === 'sandbox' ? 'app/sandbox' : 'app';
  if (top === 'packages' && second === 'sandbox') return 'sandbox';
  if (top === 'packages' && second === 'contract') return 'contract';
  if (top === 'packages' && second === 'runtime') return 'runtime';
  return parts.length === 1 ? top.replace(/\.tsx?$/, '') : top;
}

/** Whether a path relative to the project is the sandbox's (packages/sandbox). */
export const inSandbox = (relative: string): boolean => relative.startsWith(`packages${path.sep}sandbox${path.sep}`);

/**
 * The imports that break the layers (`from → to`, paths relative to `root`, the project), and
 * the units that sit in no layer. `graph`'s paths are absolute and under `root`.
 */
export function layerViolations(graph: Map<string, string[]>, root: string, layers: Layer[] = LAYERS) {
  const rank = new Map<string, { rank: number; layer: Layer }>();
  layers.forEach((layer, i) => layer.units.forEach((unit) => rank.set(unit, { rank: i, layer })));
  const rel = (file: string) => path.relative(root, file);
  const unplaced = new Set<string>();
  const up: string[] = [];
  for (const [file, targets] of graph) {
    const fromUnit = unitOf(rel(file));
    const from = rank.get(fromUnit);
    if (!from) {
      unplaced.add(fromUnit);
      continue;
    }
    for (const target of targets) {
      const toUnit = unitOf(rel(target));
      const to = rank.get(toUnit);
      if (!to || toUnit === fromUnit) continue;
      if (to.rank > from.rank || (to.rank === from.rank && from.layer.within === 'siblings')) up.push(`${rel(file)} → ${rel(target)}`);
    }
  }
  return { up, unplaced: [...unplaced] };
}

/** The graph between units: an edge for every import from one unit into another (self-imports left out). */
export function unitGraph(graph: Map<string, string[]>, root: string): Map<string, string[]> {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = unitOf(path.relative(root, file));
    const set = edges.get(from) ?? new Set<string>();
    edges.set(from, set);
    for (const target of targets) {
      const to = unitOf(path.relative(root, target));
      if (to !== from) set.add(to);
    }
  }
  return new Map([...edges].map(([unit, set]) => [unit, [...set].sort()]));
}

/** The product's imports of the sandbox other than through `SANDBOX_DOORS` (`from → to`, relative to `root`); `BOTH_HOUSES` are not the product's. */
export function sandboxDoorViolations(graph: Map<string, string[]>, root: string): string[] {
  const wrong: string[] = [];
  for (const [file, targets] of graph) {
    const from = path.relative(root, file);
    const slashed = from.split(path.sep).join('/');
    if (inSandbox(from) || [...SANDBOX_DOORS, ...BOTH_HOUSES].some((door) => door.test(slashed))) continue;
    for (const target of targets) if (inSandbox(path.relative(root, target))) wrong.push(`${from} → ${path.relative(root, target)}`);
  }
  return wrong;
}
