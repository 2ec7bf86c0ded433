/**
 * The import graph of a source tree, read as text (no compiler): the module specifiers of a file,
 * the files they resolve to through the workspace's aliases (`@/` the project, `@sandbox/`
 * packages/sandbox, `@hosted-checkout/contract/` and `@hosted-checkout/runtime/` their src/), the
 * source files below a folder, and the import circles (Tarjan). Both houses' architecture tests
 * build on it (lib/testing/architecture.ts, packages/sandbox/testing/layers.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// Spaces and tabs only where a line starts: `\s` there would also take line breaks (quadratic on many of them).
const SPECIFIER = /(?:\bfrom[ \t]*|\bimport[ \t]*\(\s*|^[ \t]*import[ \t]+)(['"])([^'"\n]+)\1/gm;

/** Every module specifier of a source text: static, re-export, side-effect and dynamic imports. */
export function specifiersOf(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].flatMap(([, , specifier]) => (specifier === undefined ? [] : [specifier]));
}

/**
 * The files of `known` that `file` imports (absolute paths). `root` is the project's root, for
 * `@/` specifiers (and `@sandbox/`, packages/sandbox); a specifier may name its `.ts`/`.tsx` file
 * or leave the extension out.
 */
export function importsOf(file: string, text: string, known: Set<string>, root: string): string[] {
  const out: string[] = [];
  for (const spec of specifiersOf(text)) {
    const base = spec.startsWith('@/')
      ? path.join(root, spec.slice(2))
      : spec.startsWith('@sandbox/')
        ? path.join(root, 'packages', 'sandbox', spec.slice('@sandbox/'.length))
        : spec.startsWith('@hosted-checkout/contract/')
          ? path.join(root, 'packages', 'contract', 'src', spec.slice('@hosted-checkout/contract/'.length))
          : spec.startsWith('@hosted-checkout/runtime/')
            ? path.join(root, 'packages', 'runtime', 'src', spec.slice('@hosted-checkout/runtime/'.length))
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
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  // Visits `v` and answers its low link: the smallest order reachable from it still on the stack.
  const visit = (v: string): number => {
    const own = index;
    let low = own;
    order.set(v, own);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      const seen = order.get(w);
      if (seen === undefined) low = Math.min(low, visit(w));
      else if (onStack.has(w)) low = Math.min(low, seen);
    }
    if (low === own) {
      // `v` roots a component: itself and everything pushed after it.
      const component = stack.splice(stack.lastIndexOf(v));
      for (const w of component) onStack.delete(w);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
    }
    return low;
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return circles;
}

/** The .ts/.tsx files below `entry` (or `entry` itself), tests only `withTests`; generated folders and node_modules left out. */
export function sourceFiles(entry: string, withTests = false): string[] {
  if (statSync(entry).isFile()) return /\.tsx?$/.test(entry) && (withTests || !/\.test\.tsx?$/.test(entry)) ? [entry] : [];
  return readdirSync(entry)
    .filter((name) => name !== 'generated' && name !== 'node_modules')
    .flatMap((name) => sourceFiles(path.join(entry, name), withTests));
}

/** The graph of `files` (absolute paths): each file → the files of `files` it imports. `root` is the project's root. */
export function graphOf(files: string[], root: string): Map<string, string[]> {
  const known = new Set(files);
  return new Map(files.map((file) => [file, importsOf(file, readFileSync(file, 'utf8'), known, root)]));
}
