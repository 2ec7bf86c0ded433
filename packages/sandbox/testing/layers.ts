/**
 * The sandbox's own layers (packages/sandbox/testing/architecture.test.ts checks them on its
 * source tree): inside service/, a folder imports only from its own folder or a lower one, and two
 * folders of one rank do not import each other. Lowest first: core < responsible gambling < bank
 * (the sandbox bank) < merchant, the SRC system < payins, payouts < cashier < pages < the router, handlers and
 * worker at service/'s root. The core's status writer (core/records.ts) pays and moves money
 * without importing the rules that hear it: they register on core/status-events.ts (responsible
 * gambling's exclusions and limits, its UKGC financial check), and the sandbox's entry points load
 * them. Outside service/, the package's other folders (db/, components/, routes/, i18n/,
 * testing/) are free; the whole package imports only itself, @hosted-checkout/contract,
 * @hosted-checkout/runtime and @hosted-checkout/client (eslint.config.mjs says so on each import).
 */
import path from 'node:path';

/** The rank of each folder of service/ (lower may not import higher; equal ranks are siblings). */
export const SERVICE_RANKS: Readonly<Record<string, number>> = {
  core: 0,
  'responsible-gambling': 1,
  bank: 2,
  merchant: 3,
  'src-system': 3,
  payins: 4,
  payouts: 4,
  cashier: 5,
  pages: 6,
};
/** The rank of a module at service/'s root (the router, the operation handlers, the worker). */
export const ROOT_RANK = 7;

/** The layer of `file` (absolute) when it lies in `service` (absolute): its folder and rank; null outside. */
export function serviceLayerOf(file: string, service: string): { name: string; rank: number | undefined } | null {
  const inside = path.relative(service, file);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return null;
  const [folder = '', ...rest] = inside.split(path.sep);
  return rest.length === 0 ? { name: 'root', rank: ROOT_RANK } : { name: folder, rank: SERVICE_RANKS[folder] };
}

/**
 * The imports of `graph` (absolute paths) that break the service's layers, as `from → to`
 * relative to `root`, and the service folders with no rank.
 */
export function serviceLayerViolations(graph: Map<string, string[]>, service: string, root: string) {
  const rel = (file: string) => path.relative(root, file);
  const up: string[] = [];
  const unranked = new Set<string>();
  for (const [file, targets] of graph) {
    const from = serviceLayerOf(file, service);
    if (!from) continue;
    if (from.rank === undefined) {
      unranked.add(from.name);
      continue;
    }
    for (const target of targets) {
      const to = serviceLayerOf(target, service);
      if (!to || to.rank === undefined) continue;
      if (to.rank > from.rank || (to.rank === from.rank && to.name !== from.name)) up.push(`${rel(file)} → ${rel(target)}`);
    }
  }
  return { up, unranked: [...unranked] };
}
