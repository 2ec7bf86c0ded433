/**
 * Every place the project runs Next.js's command line (`next build`, `next dev`, `next start`,
 * `next typegen`) runs it with NEXT_TELEMETRY_DISABLED=1: the npm scripts of package.json and of
 * the workspaces, the shell and Node scripts under scripts/ and deploy/, and CI (.ci/run). Before,
 * `npm run build`, `npm run dev` and `npm run typecheck` ran Next.js with its telemetry on.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** A run of the next command: in a shell line (after variables set for it, or by its path in node_modules/.bin), or a spawn's arguments. */
const NEXT_COMMAND =
  /(?:^\s*(?:[A-Za-z_]\w*=\S*\s+)*(?:\S*\/)?|\.bin\/)next\s+(?:build|dev|start|typegen)\b|['"`](?:\S*\/)?next['"`]\s*,\s*\[\s*['"`](?:build|dev|start|typegen)['"`]/;
const DISABLED = /NEXT_TELEMETRY_DISABLED[=:]\s*['"`]?1/;

/** The npm scripts of the root package and of its workspaces: `file: name` → command. */
function npmScripts(): [string, string][] {
  const files = ['package.json', ...readdirSync('packages').map((dir) => path.join('packages', dir, 'package.json'))];
  return files.flatMap((file) => {
    let scripts: Record<string, string> = {};
    try {
      scripts = (JSON.parse(readFileSync(file, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
    } catch {
      return [];
    }
    return Object.entries(scripts).map(([name, command]): [string, string] => [`${file}: ${name}`, command]);
  });
}

/** Files under `dir` (recursively) whose names end in one of `extensions`. */
function filesUnder(dir: string, extensions: string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return filesUnder(file, extensions);
    return extensions.some((extension) => name.endsWith(extension)) ? [file] : [];
  });
}

/** A comment line of a shell, JavaScript or Containerfile script. */
const isComment = (line: string) => /^\s*(?:#|\/\/|\*|\/\*)/.test(line);

describe('Next.js telemetry', () => {
  it('is off in every npm script that runs the next command', () => {
    const running = npmScripts().flatMap(([where, command]) =>
      command
        .split(/&&|\|\||;/)
        .filter((part) => NEXT_COMMAND.test(part))
        .map((part) => [where, part.trim()] as const),
    );
    expect(running.map(([where]) => where)).toEqual(expect.arrayContaining(['package.json: build', 'package.json: dev']));
    expect(running.filter(([, part]) => !DISABLED.test(part))).toEqual([]);
  });

  it('is off in every script of scripts/, deploy/ and CI that runs the next command', () => {
    const files = [
      ...filesUnder('scripts', ['.sh', '.mjs', '.ts']),
      ...filesUnder('deploy', ['.sh', '.mjs', 'Containerfile']),
      '.ci/run',
    ].filter((file) => !file.endsWith('.test.ts'));
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      // A script that exports it for all it runs (CI, the image's environment).
      if (/^\s*(?:export\s+|ENV\s+)NEXT_TELEMETRY_DISABLED=1/m.test(text)) return [];
      return text
        .split('\n')
        .filter((line) => !isComment(line) && NEXT_COMMAND.test(line) && !DISABLED.test(line))
        .map((line) => `${file}: ${line.trim()}`);
    });
    expect(offenders).toEqual([]);
  });
});
