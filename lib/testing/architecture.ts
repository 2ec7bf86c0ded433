/**
 * The house rules of lib/, as data and pure checks (lib/testing/architecture.test.ts runs them on
 * the source tree, and on made-up trees to show each kind of forbidden import is caught).
 *
 * - Every folder of lib/ (and each side of lib/checkout/) sits in a declared layer, lowest first.
 *   A module imports only from its own layer or below; within a layer of `siblings`, one unit
 *   never imports another (the payment pages and the cashier do not know each other).
 * - No import circle anywhere (type-only imports count).
 * - An import is any module specifier: `import … from`, `export … from`, a side-effect
 *   `import './x'`, a dynamic `import('./x')`, with or without a `.ts`/`.tsx` extension.
 */
import path from 'node:path';

/** A layer: its units (folders of lib/, `checkout/<side>`, or a top-level module's name). */
export interface Layer {
  name: string;
  units: string[];
  /** `free`: its units may import each other; `siblings`: they may not. */
  within: 'free' | 'siblings';
}

/** The layers of lib/, lowest first. */
export const LAYERS: Layer[] = [
  { name: 'foundation', units: ['error-brand', 'config', 'log', 'tracing', 'money', 'i18n', 'theme'], within: 'free' },
  { name: 'the contract', units: ['contract'], within: 'free' },
  { name: 'domain rules', units: ['card', 'cashier', 'forms', 'net', 'security', 'framing', 'embed', 'db', 'metrics'], within: 'free' },
  { name: 'the payments service client', units: ['payments-api'], within: 'free' },
  { name: 'the embedded sandbox (the service)', units: ['sandbox'], within: 'free' },
  { name: 'what both checkout sides use', units: ['checkout/shared'], within: 'free' },
  { name: 'the checkout sides', units: ['checkout/payment-pages', 'checkout/cashier'], within: 'siblings' },
  { name: 'start-up and test support', units: ['startup', 'testing'], within: 'free' },
];

/** The unit of a path relative to lib/ (`checkout/cashier/x.ts` → `checkout/cashier`; `log.ts` → `log`). */
export function unitOf(relative: string): string {
  const parts = relative.split(/[\\/]/);
  if (parts.length === 1) return parts[0]!.replace(/\.tsx?$/, '');
  if (parts[0] === 'checkout' && parts.length > 2) return `checkout/${parts[1]}`;
  return parts[0]!;
}

// Spaces and tabs only where a line starts: `\s` there would also take line breaks (quadratic on many of them).
const SPECIFIER = /(?:\bfrom[ \t]*|\bimport[ \t]*\(\s*|^[ \t]*import[ \t]+)(['"])([^'"\n]+)\1/gm;

/** Every module specifier of a source text: static, re-export, side-effect and dynamic imports. */
export function specifiersOf(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((match) => match[2]!);
}

/**
 * The files of `known` that `file` imports (absolute paths). `root` is the project's root, for
 * `@/` specifiers; a specifier may name its `.ts`/`.tsx` file or leave the extension out.
 */
export function importsOf(file: string, text: string, known: Set<string>, root: string): string[] {
  const out: string[] = [];
  for (const spec of specifiersOf(text)) {
    const base = spec.startsWith('@/')
      ? path.join(root, spec.slice(2))
      : spec.startsWith('.')
        ? path.resolve(path.dirname(file), spec)
        : null;
    if (!base) continue;
    const target = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => known.has(candidate));
    if (target) out.push(target);
  }
  return out;
}

/** The import circles of a graph (Tarjan's strongly connected components of more than one module, or a self-import). */
export function circlesOf(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return circles;
}

/**
 * The imports that break the layers (`from → to`, paths relative to `libRoot`), and the units
 * that sit in no layer. `graph`'s paths are absolute and under `libRoot`.
 */
export function layerViolations(graph: Map<string, string[]>, libRoot: string, layers: Layer[] = LAYERS) {
  const rank = new Map<string, { rank: number; layer: Layer }>();
  layers.forEach((layer, i) => layer.units.forEach((unit) => rank.set(unit, { rank: i, layer })));
  const rel = (file: string) => path.relative(libRoot, file);
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
