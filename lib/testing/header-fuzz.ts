/**
 * Header fuzz against a running server: long, malformed and hostile `X-Forwarded-For`,
 * `User-Agent`, `Origin`, `Accept-Language`, prefetch headers and `?locale=` values, sent over
 * raw sockets (so that any byte can be sent) to the pages, the API and the sandbox. Meanwhile a
 * probe asks `/api/health` every 25 ms: its slowest answer is the longest stall of the server's
 * event loop as a customer would meet it. Loopback only; deterministic for a seed.
 *
 * A stall is judged against the same run's quiet probes (`/api/health` asked alone, before and
 * after the fuzz), never against a fixed time: on a busy machine every answer is slower, the
 * quiet ones too, and a fixed limit fails there without any stall (`stallLimitMs`).
 */
import net from 'node:net';
import { picker, random } from '@hosted-checkout/runtime/testing/random';

interface HeaderFuzzReport {
  cases: number;
  byClass: Record<string, number>;
  serverErrors: { request: string; status: number }[];
  /** Slowest probe answer during the run, in ms (the server's longest stall seen from outside). */
  longestProbeMs: number;
  /** Median probe answer, in ms. */
  medianProbeMs: number;
  /** Median answer of the quiet probes (asked alone, before and after the fuzz), in ms: the run's own baseline. */
  quietMedianProbeMs: number;
}

/** Quiet probes asked before the fuzz, and as many after it. */
const QUIET_PROBES = 10;
/**
 * How many times the quiet median the slowest probe may take. A probe is a fresh connection and a
 * tiny answer: a few ms when quiet. A busy machine stretches the quiet probes as much as the others
 * (its scheduling delays are the same for both), so the ratio holds where a fixed limit did not (a
 * 267 ms probe failed the former 250 ms limit with no stall). The stall the fuzz exists to catch is
 * an event loop blocked by one request: the User-Agent regex the guard now stops took 600–900 ms
 * a request on a 2-core machine, over 100 times a quiet probe.
 */
export const STALL_RATIO = 50;
/**
 * The least limit, in ms, whatever the quiet median: under it a probe's time is scheduling noise
 * of a shared machine (a quiet median of 2 ms would otherwise make 100 ms a stall), and still
 * under the 600 ms of the stall above.
 */
export const STALL_FLOOR_MS = 400;

/** The longest probe time of `report`'s run that is not a stall: STALL_RATIO × its quiet median, at least STALL_FLOOR_MS. */
export function stallLimitMs(report: Pick<HeaderFuzzReport, 'quietMedianProbeMs'>): number {
  return Math.max(STALL_FLOOR_MS, STALL_RATIO * report.quietMedianProbeMs);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** `count` probes of `origin`, one after the other, with nothing else sent: their times in ms. */
async function quietProbes(origin: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    times.push((await rawRequest(origin, 'GET', '/api/health', [])).ms);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return times;
}

const long = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);

/** Values of each header an attacker chooses; `null` leaves the header out. */
const HEADER_VALUES: Record<string, (string | null)[]> = {
  'x-forwarded-for': [
    null,
    '6.6.6.6',
    `${long('6.6.6.6, ', 5000)}6.6.6.6`,
    `${long('x', 7000)}, 1.2.3.4`,
    ',,,,',
    'unknown',
    '::ffff:10.0.0.1',
    '999.999.999.999',
    '1.2.3.4, not-an-ip',
    `[${long('f', 300)}]`,
    '1.2.3.4\t, 5.6.7.8',
    '%31.2.3.4',
    long('1.1.1.1,', 7900),
  ],
  'user-agent': [
    null,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
    long('a', 15_000),
    long('a-', 15_000),
    long('-', 511),
    long('Google-', 600),
    'Googlebot/2.1',
    '',
    long('x', 513),
    '\u00ff\u00fe',
  ],
  origin: [
    null,
    'null',
    'http://[',
    'https://evil.example',
    'http://localhost:1',
    `http://${long('a', 4000)}.example`,
    '*',
    'javascript:alert(1)',
    'http://localhost:3000/',
    'file://',
    '\u00e9',
    ' ',
    'http://127.0.0.1:99999',
  ],
  'accept-language': [
    null,
    'en-US,en;q=0.9',
    long('en;q=0.9,', 600),
    long('*,', 5000),
    'zz-ZZZZ-1234567890',
    ';;;q=abc',
    long('x-', 500),
    'ar',
    '\u00e4\u00f6',
  ],
  'next-router-prefetch': [null, '1'],
  purpose: [null, 'prefetch'],
  'content-length': [null, '0', '5', '-1', '99999999999999999999', '1e3', long('9', 100)],
};

/** `?locale=` values, percent-encoded as a browser would send them, and raw. */
const LOCALE_VALUES = [
  '',
  'en',
  'ar',
  'zz',
  '%C4%80',
  '%E2%80%AE',
  '%F0%9F%98%80',
  'en%00',
  long('en-', 4000),
  '..%2F..%2F',
  '%FF%FE',
  '%E0%A4%A',
  'de-DE-u-nu-arab',
];

/** Where the cases go: `{paymentId}` and `{sessionId}` are filled from `ids`. */
const HEADER_FUZZ_PATHS = [
  '/',
  '/payments/payin/{paymentId}/card',
  '/payments/payin/{paymentId}/apm',
  '/payments/payin/{paymentId}/status',
  '/payments/payout/{payoutId}/card',
  '/cashier/{sessionId}',
  '/cashier/{sessionId}/widget',
  '/api/cashier/{sessionId}',
  '/api/health',
  '/api/csp-report',
  '/sandbox',
  '/sandbox/api/public/payin/{paymentId}',
  '/openapi.json',
  '/no-such-page',
];

interface Answer {
  status: number;
  ms: number;
}

/** One request over a raw socket; status 0 when the server closed without an answer (a refusal, not an error). */
export function rawRequest(
  origin: string,
  method: string,
  path: string,
  headers: [string, string][],
  body = '',
  timeoutMs = 15_000,
): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let head = '';
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      resolve({ status: match ? Number(match[1]) : 0, ms: performance.now() - started });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (head.length > 12) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    const lines = [
      `${method} ${path} HTTP/1.1`,
      `Host: ${new URL(origin).host}`,
      'Connection: close',
      ...headers.map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'latin1'));
  });
}

/**
 * Sends `cases` fuzzed requests to `origin` (one at a time, with the probe running beside them).
 * `ids` fills the paths' placeholders with real transactions of the server.
 */
export async function runHeaderFuzz(origin: string, cases: number, seed: number, ids: Record<string, string>): Promise<HeaderFuzzReport> {
  const next = random(seed);
  const pick = picker(next);
  const report: HeaderFuzzReport = { cases: 0, byClass: {}, serverErrors: [], longestProbeMs: 0, medianProbeMs: 0, quietMedianProbeMs: 0 };
  const quiet = await quietProbes(origin, QUIET_PROBES);
  const probes: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const { ms } = await rawRequest(origin, 'GET', '/api/health', []);
      probes.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  try {
    for (let i = 0; i < cases; i += 1) {
      const path = pick(HEADER_FUZZ_PATHS).replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? 'unknown_id');
      const locale = next() < 0.4 ? `?locale=${pick(LOCALE_VALUES)}` : '';
      const headers: [string, string][] = [];
      for (const [name, values] of Object.entries(HEADER_VALUES)) {
        if (name === 'content-length') continue;
        // Most cases change one or two headers, so that each refusal is the one under test.
        if (next() < 0.3) {
          const value = pick(values);
          if (value !== null) headers.push([name, value]);
        }
      }
      const post = next() < 0.35;
      let body = '';
      if (post) {
        const length = pick(HEADER_VALUES['content-length'] ?? []);
        body = 'a=1&b=2';
        if (length !== null) headers.push(['content-length', length === '5' ? String(body.length) : length]);
        headers.push(['content-type', 'application/x-www-form-urlencoded']);
      }
      const answer = await rawRequest(origin, post ? 'POST' : 'GET', `${path}${locale}`, headers, body, 5_000);
      const label = answer.status === 0 ? 'closed' : `${Math.floor(answer.status / 100)}xx`;
      report.byClass[label] = (report.byClass[label] ?? 0) + 1;
      report.cases += 1;
      if (answer.status >= 500) {
        report.serverErrors.push({
          request: `${post ? 'POST' : 'GET'} ${path}${locale.slice(0, 60)} ${headers.map(([k, v]) => `${k}=${v.slice(0, 40)}(${v.length})`).join(' ')}`,
          status: answer.status,
        });
      }
    }
  } finally {
    running = false;
    await probe;
  }
  quiet.push(...(await quietProbes(origin, QUIET_PROBES)));
  report.longestProbeMs = Math.round(Math.max(0, ...probes));
  report.medianProbeMs = Math.round(median(probes));
  report.quietMedianProbeMs = Math.round(median(quiet) * 10) / 10;
  return report;
}
