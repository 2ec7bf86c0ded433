/**
 * Every regular expression of the project is linear (no ReDoS): each regex literal of the
 * application's sources (app/, components/, lib/, packages/contract/, packages/sandbox/, proxy.ts; tests excluded: the zod contract's
 * `.regex()` patterns among them; the sandbox's method field patterns: packages/sandbox/service/core/methods-redos.test.ts)
 * are checked with `recheck` (automaton and fuzz checkers, pure JavaScript backend). A polynomial
 * or exponential pattern fails with its attack string. The checkout compiles a real service's
 * descriptor patterns only against values it has bounded to 256 characters.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

process.env.RECHECK_BACKEND ??= 'pure';

const ROOTS = ['app', 'components', 'lib', 'packages/contract', 'packages/runtime', 'packages/sandbox', 'proxy.ts'];

function sources(entry: string): string[] {
  if (statSync(entry).isFile()) return /\.(ts|tsx|mjs)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [entry] : [];
  return readdirSync(entry)
    .filter((name) => name !== 'node_modules')
    .flatMap((name) => sources(path.join(entry, name)));
}

/** The regex literals of a source file, with their line numbers. */
function regexLiterals(file: string): { source: string; flags: string; where: string }[] {
  const text = readFileSync(file, 'utf8');
  const sourceFile = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: { source: string; flags: string; where: string }[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(sourceFile);
      const end = literal.lastIndexOf('/');
      const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
      found.push({ source: literal.slice(1, end), flags: literal.slice(end + 1), where: `${file}:${line}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

const literals = ROOTS.flatMap(sources).flatMap(regexLiterals);

describe('regular expressions', () => {
  it('finds the project’s regexes (the scan works)', () => {
    expect(literals.length).toBeGreaterThan(40);
    expect(literals.some((l) => l.where.startsWith('packages/contract/src/card-rules.ts'))).toBe(true);
    // The card-number mask every log line and every write to stdout and stderr passes (packages/runtime/src/log.ts).
    expect(literals.some((l) => l.where.startsWith('packages/runtime/src/log.ts') && l.source.includes('[ -]'))).toBe(true);
  });

  it('the checker does flag a quadratic pattern (the old expiry regex)', async () => {
    const { checkSync } = await import('recheck');
    expect(checkSync(String.raw`^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$`, '').status).toBe('vulnerable');
  });

  it('every regex literal of the sources is linear', async () => {
    const { checkSync } = await import('recheck');
    const unsafe = literals
      .map((l) => ({ ...l, diagnostics: checkSync(l.source, l.flags.replace(/[^dgimsuy]/g, ''), { timeout: 10_000 }) }))
      .filter((l) => l.diagnostics.status !== 'safe')
      .map(
        (l) =>
          `${l.where} /${l.source}/${l.flags}: ${l.diagnostics.status}${'attack' in l.diagnostics && l.diagnostics.attack ? ` (attack ${JSON.stringify(l.diagnostics.attack.pattern)})` : ''}`,
      );
    expect(unsafe).toEqual([]);
  }, 120_000);
});
