/**
 * A registry of npm packages on 127.0.0.1 for pack.test.ts: the client package's dependencies and
 * theirs, packed from the repository's node_modules (the versions package-lock.json chose) and
 * served as the public registry serves them (`GET /<name>` the document, `GET /-/<file>` the
 * tarball), so `npm install <tarball>` in a folder outside the repository works with loopback only.
 */
import { existsSync, readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';

const ROOT = path.resolve('.');
export const PACKAGE = path.join(ROOT, 'packages', 'client');

/** A tarball as `npm pack --json` describes it. */
export interface Packed {
  name: string;
  version: string;
  filename: string;
  integrity: string;
  shasum: string;
}

/** The folder of the installed package `name` that `from` resolves (node_modules up to the repository's root). */
function locate(name: string, from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === ROOT || dir === path.dirname(dir))
      throw new Error(`${name} is not installed for ${from}: run npm install in the repository`);
  }
}

/** The installed folders of the package's dependencies and theirs. */
export function dependencyFolders(): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    const { dependencies = {} } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const name of Object.keys(dependencies)) {
      const folder = locate(name, dir);
      if (!found.has(folder)) {
        found.add(folder);
        visit(folder);
      }
    }
  };
  visit(PACKAGE);
  return [...found];
}

/**
 * A registry serving `packed` (its tarballs in `dir`, packed from `folders`) on the server that
 * `listen` starts with its handler (answering its origin): `GET /<name>` the document of every
 * version of `name`, `GET /-/<file>` a tarball.
 */
export async function registry(
  packed: Packed[],
  folders: string[],
  dir: string,
  listen: (handler: http.RequestListener) => Promise<string>,
): Promise<string> {
  const manifests = folders.map((folder) => JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<string, unknown>);
  let origin = '';
  origin = await listen((request, response) => {
    const url = decodeURIComponent((request.url ?? '').split('?')[0] ?? '');
    if (url.startsWith('/-/')) {
      const file = packed.find((p) => `/-/${p.filename}` === url);
      if (!file) return void response.writeHead(404).end();
      return void response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(readFileSync(path.join(dir, file.filename)));
    }
    const versions = packed.filter((p) => `/${p.name}` === url);
    if (versions.length === 0) return void response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"Not found"}');
    const document = {
      name: versions[0]?.name,
      'dist-tags': { latest: versions.at(-1)?.version },
      versions: Object.fromEntries(
        versions.map((p) => {
          const manifest = manifests.find((m) => m.name === p.name && m.version === p.version) ?? {};
          const { name, version, dependencies, peerDependencies, bin, engines } = manifest;
          const dist = { tarball: `${origin}/-/${p.filename}`, integrity: p.integrity, shasum: p.shasum };
          return [p.version, { name, version, dependencies, peerDependencies, bin, engines, dist }];
        }),
      ),
    };
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(document));
  });
  return origin;
}
