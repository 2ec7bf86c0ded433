/**
 * The structure holds: no import circle anywhere in lib/ (type-only imports count),
 * and in the sandbox no import from a lower layer to a higher one: core < merchant < payins,
 * payouts (which do not import each other) < cashier < pages < the router, handlers and worker at
 * its root. Read from the source files, so a new file is checked with no list to update.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve('lib');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'generated' ? [] : sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** A module's imports of other modules of lib/ (static, dynamic, type-only), as absolute file paths. */
function importsOf(file: string, known: Set<string>): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)) {
    const spec = match[1]!;
    const base = spec.startsWith('@/') ? path.resolve(spec.slice(2)) : spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : null;
    if (!base) continue;
    const target = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => known.has(candidate));
    if (target) out.push(target);
  }
  return out;
}

const files = sources(ROOT);
const known = new Set(files);
const graph = new Map(files.map((file) => [file, importsOf(file, known)]));
const rel = (file: string) => path.relative(path.resolve('.'), file);

describe('architecture', () => {
  it('has no import circle in lib/', () => {
    // Tarjan's strongly connected components: any component of more than one module is a circle.
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
          component.push(rel(w));
        } while (w !== v);
        if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
      }
    };
    for (const file of files) if (!order.has(file)) visit(file);
    expect(circles).toEqual([]);
  });

  it('imports nothing of a higher sandbox layer from a lower one', () => {
    const RANK: Record<string, number> = { core: 0, merchant: 1, payins: 2, payouts: 2, cashier: 3, pages: 4 };
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
