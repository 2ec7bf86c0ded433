/**
 * A small deterministic pseudo-random generator for the tests' fuzzers (mulberry32): the same
 * seed, the same sequence, so a failing case can be run again. Not for secrets.
 */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Picks with `next` (one draw a pick): an item of a list, each as likely. Throws for an empty list,
 * where there is nothing to pick (an index into it would answer undefined as if it were an item).
 */
export function picker(next: () => number): <T>(list: readonly T[]) => T {
  return <T>(list: readonly T[]): T => {
    for (const item of list.slice(Math.floor(next() * list.length))) return item;
    throw new Error('nothing to pick from: the list is empty');
  };
}
