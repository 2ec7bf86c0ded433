/**
 * Every relative link in the project's Markdown resolves: each tracked `.md` file (git ls-files,
 * with new files not yet committed) is read outside its fenced code blocks and code spans, and
 * each relative link (inline `[text](target)`, a reference definition `[id]: target`, an HTML
 * `<a href>`) must name a file or folder that exists, and its `#anchor`, in a Markdown file, a
 * heading of that file by GitHub's slugs (or an HTML `id`/`name`). Links with a scheme
 * (https:, mailto:) are not followed. Then the checker itself, on made-up files: a broken link
 * and a broken anchor fail.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PROJECT = path.resolve('.');

/** The text with its fenced code blocks and code spans blanked out (newlines kept, so line numbers hold). */
function prose(markdown: string): string {
  let fence: string | undefined;
  const lines = markdown.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line;
  });
  return lines.join('\n').replace(/(`+)[\s\S]*?[^`]\1(?!`)/g, (span) => span.replace(/[^\n]/g, ' '));
}

/** GitHub's slug of a heading's text (as github-slugger makes it, before duplicates are numbered). */
function slugOf(heading: string): string {
  const text = heading
    .replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, '$2')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\*+|(^|\s)_+|_+(\s|$)/g, '$1$2');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const HEADING = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/;

/** The anchors of a Markdown file: its headings' slugs (repeats numbered -1, -2, as GitHub does) and HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = markdown.split('\n');
  const outside = prose(markdown).split('\n');
  outside.forEach((line, i) => {
    // A heading outside the fences, its text as written (code spans and all).
    const heading = HEADING.test(line) ? HEADING.exec(text[i]!)?.[1] : undefined;
    if (heading !== undefined) {
      const base = slugOf(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const match of line.matchAll(/<[a-z][^>]*\s(?:id|name)="([^"]+)"/gi)) anchors.add(match[1]!);
  });
  return anchors;
}

/** The link targets of a Markdown file, with their line numbers. */
function linksOf(markdown: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  prose(markdown)
    .split('\n')
    .forEach((line, i) => {
      const found = [
        ...[...line.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
        ...[...line.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/g)].map((m) => m[1]!),
        ...[...line.matchAll(/<a\s[^>]*href="([^"]*)"/gi)].map((m) => m[1]!),
      ];
      for (const target of found) links.push({ target, line: i + 1 });
    });
  return links;
}

/**
 * The broken links of `files` (path relative to the project → its Markdown): a relative target
 * that `exists` does not know, or an anchor that its Markdown file does not have.
 */
function brokenLinks(files: Map<string, string>, exists: (file: string) => boolean, read: (file: string) => string): string[] {
  const broken: string[] = [];
  const anchors = new Map<string, Set<string>>();
  const anchorsIn = (file: string) => {
    if (!anchors.has(file)) anchors.set(file, anchorsOf(files.get(file) ?? read(file)));
    return anchors.get(file)!;
  };
  for (const [file, markdown] of files) {
    for (const { target, line } of linksOf(markdown)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      const hash = target.indexOf('#');
      const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
      const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
      const resolved =
        pathPart === ''
          ? file
          : path.posix.normalize(pathPart.startsWith('/') ? pathPart.slice(1) : path.posix.join(path.posix.dirname(file), pathPart));
      const where = `${file}:${line}: ${target}`;
      if (resolved.startsWith('..') || !exists(resolved.replace(/\/$/, '') || '.')) broken.push(`${where} (no such file: ${resolved})`);
      else if (anchor && /\.md$/i.test(resolved) && !anchorsIn(resolved).has(anchor))
        broken.push(`${where} (no heading #${anchor} in ${resolved})`);
    }
  }
  return broken;
}

describe('Markdown links', () => {
  it('every relative link and anchor of every tracked Markdown file resolves', () => {
    const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '*.md'], {
      cwd: PROJECT,
      encoding: 'utf8',
    });
    const names = listed
      .split('\0')
      .filter((name) => name && !name.split('/').includes('node_modules') && existsSync(path.join(PROJECT, name)));
    expect(names).toContain('README.md');
    const files = new Map(names.map((name) => [name, readFileSync(path.join(PROJECT, name), 'utf8')]));
    const broken = brokenLinks(
      files,
      (file) => existsSync(path.join(PROJECT, file)),
      (file) => readFileSync(path.join(PROJECT, file), 'utf8'),
    );
    expect(broken).toEqual([]);
    // The documents do link each other: the check ran on something.
    expect(names.reduce((sum, name) => sum + linksOf(files.get(name)!).length, 0)).toBeGreaterThan(20);
  });

  it("makes GitHub's heading slugs", () => {
    expect(slugOf('A merchant server: the typed client')).toBe('a-merchant-server-the-typed-client');
    expect(slugOf("Launching the cashier and a payout's pages")).toBe('launching-the-cashier-and-a-payouts-pages');
    expect(slugOf("3. Extensions to the API (marked `x-extension: true` in the project's OpenAPI document)")).toBe(
      '3-extensions-to-the-api-marked-x-extension-true-in-the-projects-openapi-document',
    );
    expect(slugOf('Passkeys in 3-D Secure')).toBe('passkeys-in-3-d-secure');
    expect(slugOf('**Bold** and [a link](x.md) — with a dash')).toBe('bold-and-a-link--with-a-dash');
    expect(slugOf('snake_case `npm run test:ops`')).toBe('snake_case-npm-run-testops');
    expect([...anchorsOf('# Notes\n\n## Notes\n\n```md\n# Not a heading\n```\n\n<a id="here"></a>\n')]).toEqual([
      'notes',
      'notes-1',
      'here',
    ]);
  });

  it('fails a broken link and a broken anchor, and passes the rest (made-up files)', () => {
    const files = new Map([
      [
        'README.md',
        [
          '# Title',
          '[good](docs/guide.md#second-part) [self](#title) [folder](docs/) [web](https://example.com/#x) [mail](mailto:a@example.com)',
          '[missing file](docs/missing.md)',
          '[missing anchor](docs/guide.md#third-part)',
          '`[in code](docs/nowhere.md)`',
          '```md',
          '[in a fence](docs/nowhere.md)',
          '```',
          '[ref]: docs/guide.md#first',
        ].join('\n'),
      ],
      ['docs/guide.md', '# First\n\n## Second part\n\n[back](../README.md#title) [up and out](../../outside.md)\n'],
    ]);
    const exists = (file: string) => files.has(file) || file === 'docs';
    const read = (file: string) => files.get(file) ?? '';
    expect(brokenLinks(files, exists, read)).toEqual([
      'README.md:3: docs/missing.md (no such file: docs/missing.md)',
      'README.md:4: docs/guide.md#third-part (no heading #third-part in docs/guide.md)',
      'docs/guide.md:5: ../../outside.md (no such file: ../outside.md)',
    ]);
  });
});
