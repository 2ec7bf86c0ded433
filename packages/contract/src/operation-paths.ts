/**
 * The paths of the operations table (packages/contract/src/operations.ts): filling a template, and
 * matching a request path and method to its operation (the sandbox's router, the typed client,
 * the fuzz suite).
 */
import { OPERATION_IDS, OPERATIONS, type HttpMethod, type OperationId } from './operations';

/** Names of the path parameters of a template, in order. */
export const pathParamNames = (template: string): string[] =>
  [...template.matchAll(/\{(\w+)\}/g)].flatMap(([, name]) => (name === undefined ? [] : [name]));

/** The path of an operation with its parameters filled in, each percent-encoded. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** Longest accepted path parameter, in characters: longer ids are unknown (404). */
const MAX_PATH_PARAM = 128;

interface Compiled {
  id: OperationId;
  segments: string[];
  params: number;
}
const COMPILED: Compiled[] = OPERATION_IDS.map((id) => {
  const segments = OPERATIONS[id].path.split('/').filter(Boolean);
  return { id, segments, params: segments.filter((s) => s.startsWith('{')).length };
});

type RouteMatch =
  | { result: 'operation'; id: OperationId; params: Record<string, string> }
  | { result: 'method-not-allowed'; allow: HttpMethod[] }
  | { result: 'none' };

/**
 * The operation a request path (relative to {base_url}, e.g. /public/payin/pi_1) and method
 * name. Static segments win over parameters; a parameter that is empty, longer than
 * MAX_PATH_PARAM, badly percent-encoded, or holds a control character or a lone surrogate
 * matches nothing.
 */
export function matchOperation(method: string, relativePath: string): RouteMatch {
  const parts = relativePath.split('/').filter(Boolean);
  const matches: { id: OperationId; params: Record<string, string>; score: number }[] = [];
  for (const route of COMPILED) {
    if (route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (const [i, part] of parts.entries()) {
      if (!ok) break;
      const segment = route.segments[i];
      if (segment === undefined) {
        ok = false; // not reached: the route has as many segments as the path (checked above)
        break;
      }
      if (!segment.startsWith('{')) {
        ok = segment === part;
        continue;
      }
      let value: string;
      try {
        value = decodeURIComponent(part);
      } catch {
        ok = false;
        continue;
      }
      ok = value.length > 0 && value.length <= MAX_PATH_PARAM && !/[\u0000-\u001f\u007f]/.test(value) && value.isWellFormed();
      params[segment.slice(1, -1)] = value;
    }
    if (ok) matches.push({ id: route.id, params, score: route.params });
  }
  if (matches.length === 0) return { result: 'none' };
  const fewest = Math.min(...matches.map((m) => m.score));
  const best = matches.filter((m) => m.score === fewest);
  const hit = best.find((m) => OPERATIONS[m.id].method === method.toUpperCase());
  if (hit) return { result: 'operation', id: hit.id, params: hit.params };
  return { result: 'method-not-allowed', allow: [...new Set(best.map((m) => OPERATIONS[m.id].method))] };
}
