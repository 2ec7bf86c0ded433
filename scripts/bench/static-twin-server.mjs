/**
 * The static twins' server of the customer's clock (scripts/bench/clock-pages.mjs starts it):
 * serves scripts/bench/static-twins/{name}.html at http://127.0.0.1:{port}/{name}.html,
 * gzip-compressed when asked (as the build compresses its documents), so that the twins load
 * under the same network conditions as the pages; anything else answers 404. Prints one line
 * once it listens.
 *
 *   node scripts/bench/static-twin-server.mjs 3205
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { gzipSync } from 'node:zlib';

const port = Number(process.argv[2]);
const server = http.createServer((request, response) => {
  const name = /^\/(card|apm|cashier|widget)\.html$/.exec(new URL(request.url ?? '/', 'http://x').pathname)?.[1];
  if (!name) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
    return;
  }
  const html = readFileSync(new URL(`static-twins/${name}.html`, import.meta.url));
  const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  response.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
  response.end(gzip ? gzipSync(html) : html);
});
server.listen(port, '127.0.0.1', () => console.log(`static twins at http://127.0.0.1:${port}/`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
