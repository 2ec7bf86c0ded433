/** CSP reports in both formats become violations without queries; floods are bounded. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '@hosted-checkout/runtime/log';
import {
  acceptReportFrom,
  CSP_REPORTS_PER_MINUTE,
  cspViolationSummary,
  directiveOf,
  KNOWN_DIRECTIVES,
  parseCspReports,
  recordCspViolations,
  withinGlobalBudget,
} from './csp-reports';

describe('CSP violation reports', () => {
  it('reads report-uri (application/csp-report) and report-to (application/reports+json), never keeping a query', () => {
    const legacy = parseCspReports('application/csp-report', {
      'csp-report': {
        'document-uri': 'https://checkout.example/payments/payin/pi_1/card?locale=fr',
        'effective-directive': 'connect-src',
        'blocked-uri': 'https://evil.example/c?pan=4242424242424242',
        disposition: 'enforce',
      },
    });
    expect(legacy).toEqual([
      { page: '/payments/payin/pi_1/card', directive: 'connect-src', blocked: 'https://evil.example/c', disposition: 'enforce' },
    ]);
    const modern = parseCspReports('application/reports+json; charset=utf-8', [
      {
        type: 'csp-violation',
        body: {
          documentURL: 'https://checkout.example/cashier/cs_1',
          effectiveDirective: 'script-src-elem',
          blockedURL: 'https://cdn.evil.example/skim.js#x',
          disposition: 'report',
        },
      },
      { type: 'deprecation', body: { id: 'x' } },
    ]);
    expect(modern).toEqual([
      { page: '/cashier/cs_1', directive: 'script-src-elem', blocked: 'https://cdn.evil.example/skim.js', disposition: 'report' },
    ]);
    expect(JSON.stringify([...legacy, ...modern])).not.toContain('4242');
  });

  it('ignores anything else', () => {
    expect(parseCspReports('application/json', { 'csp-report': {} })).toEqual([]);
    expect(parseCspReports('application/csp-report', [1, 2])).toEqual([]);
    expect(parseCspReports('application/reports+json', { not: 'an array' })).toEqual([]);
    expect(parseCspReports('application/csp-report', { 'csp-report': { 'blocked-uri': 'inline' } })).toEqual([]);
  });

  it('counts per directive and keeps the latest ten for the console', () => {
    const before = cspViolationSummary().total;
    recordCspViolations(
      Array.from({ length: 12 }, (_, i) => ({
        page: '/p',
        directive: i % 2 ? 'img-src' : 'connect-src',
        blocked: `https://x.example/${i}`,
        disposition: 'enforce' as const,
      })),
    );
    const summary = cspViolationSummary();
    expect(summary.total - before).toBe(12);
    expect(summary.recent).toHaveLength(10);
    expect(summary.recent[0]!.blocked).toBe('https://x.example/11');
  });

  it('keeps known directives only: a flood of invented names leaves a small map ', () => {
    // Before: one entry per invented name (235 MB retained from one client in 23 s).
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < 50; i += 1) {
      const reports = Array.from({ length: 100 }, (_, j) => ({
        type: 'csp-violation',
        body: { documentURL: 'https://c.example/p', effectiveDirective: `x-${i}-${j}-${'y'.repeat(50)}`, blockedURL: 'https://e.example/' },
      }));
      recordCspViolations(parseCspReports('application/reports+json', reports));
    }
    const summary = cspViolationSummary();
    expect(summary.byDirective.length).toBeLessThanOrEqual(KNOWN_DIRECTIVES.size + 1);
    expect(summary.byDirective.find(([name]) => name === 'other')![1]).toBeGreaterThanOrEqual(5000);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(50 * 1024 * 1024);
    expect(directiveOf("script-src 'self' 'nonce-x'")).toBe('script-src');
    expect(directiveOf('SCRIPT-SRC-ELEM')).toBe('script-src-elem');
    expect(directiveOf('__proto__')).toBe('other');
  });

  it('samples the log per directive: a flood of forged img-src reports does not hide a real script-src one', () => {
    const warn = vi.spyOn(logger, 'warn');
    const now = Date.now() + 10 * 60_000;
    recordCspViolations(
      Array.from({ length: 500 }, () => ({
        page: '/p',
        directive: 'img-src',
        blocked: 'https://x.example/',
        disposition: 'enforce' as const,
      })),
      now,
    );
    const logged = warn.mock.calls.length;
    expect(logged).toBeLessThanOrEqual(10 + 5);
    recordCspViolations(
      [{ page: '/payments/payin/p/card', directive: 'script-src-elem', blocked: 'https://skimmer.example/s.js', disposition: 'enforce' }],
      now,
    );
    expect(warn.mock.calls.length).toBe(logged + 1);
    expect(JSON.stringify(warn.mock.calls.at(-1))).toContain('skimmer.example');
    warn.mockRestore();
  });

  it('accepts LIMIT_CSP_REPORTS_PER_IP reports a minute from one address, none from no address', async () => {
    process.env.LIMIT_CSP_REPORTS_PER_IP = '5/60';
    try {
      const answers = [];
      for (let i = 0; i < 7; i += 1) answers.push(await acceptReportFrom('203.0.113.77'));
      expect(answers).toEqual([true, true, true, true, true, false, false]);
      expect(await acceptReportFrom('203.0.113.78')).toBe(true);
      expect(await acceptReportFrom(undefined)).toBe(false);
    } finally {
      delete process.env.LIMIT_CSP_REPORTS_PER_IP;
    }
  });
});

describe('floods from many addresses', () => {
  it('counts an IPv6 client by its /64: its other addresses share its limit', async () => {
    process.env.LIMIT_CSP_REPORTS_PER_IP = '3/60';
    try {
      const answers = [];
      for (let i = 1; i <= 5; i += 1) answers.push(await acceptReportFrom(`2001:db8:77:1::${i.toString(16)}`));
      expect(answers).toEqual([true, true, true, false, false]);
      expect(await acceptReportFrom('2001:db8:77:2::1')).toBe(true);
    } finally {
      delete process.env.LIMIT_CSP_REPORTS_PER_IP;
    }
  });

  it('the console lists the newest violation of every directive, however many of another came after it', () => {
    const now = Date.now() + 60 * 60_000;
    recordCspViolations(
      [{ page: '/payments/payin/p/card', directive: 'script-src-elem', blocked: 'https://skimmer.example/s.js', disposition: 'enforce' }],
      now,
    );
    recordCspViolations(
      Array.from({ length: 5_000 }, (_, i) => ({
        page: '/p',
        directive: 'img-src',
        blocked: `https://forged.example/${i}`,
        disposition: 'enforce' as const,
      })),
      now + 1000,
    );
    const { recent } = cspViolationSummary();
    expect(recent).toHaveLength(10);
    // Before: the last 50 of every directive together, so 5,000 forged img-src reports pushed it out.
    expect(recent.some((v) => v.blocked === 'https://skimmer.example/s.js')).toBe(true);
    expect(recent[0]!.blocked).toBe('https://forged.example/4999');
  });
});

describe('POST /api/csp-report from outside: 20 addresses cannot pass the global budget', async () => {
  const { appendPeerToForwardedFor } = await import('@hosted-checkout/runtime/net/client-ip');
  const { guardRequests } = await import('@/lib/net/request-guard');
  const { serveRoute } = await import('@hosted-checkout/runtime/testing/route-server');
  const { POST } = await import('@/app/api/csp-report/route');
  let served: Awaited<ReturnType<typeof serveRoute>>;
  beforeAll(async () => {
    // One trusted proxy: the client is the entry before the socket's, as behind the balancer.
    process.env.TRUSTED_PROXY_HOPS = '1';
    process.env.LIMIT_CSP_REPORTS_PER_IP = '100000/60';
    appendPeerToForwardedFor();
    guardRequests();
    served = await serveRoute(POST);
  });
  afterAll(async () => {
    await served.close();
    delete process.env.TRUSTED_PROXY_HOPS;
    delete process.env.LIMIT_CSP_REPORTS_PER_IP;
  });

  it(`accepts ${CSP_REPORTS_PER_MINUTE} violations a minute over all addresses, then answers 429 and keeps nothing more`, async () => {
    const report = (i: number) =>
      JSON.stringify([
        {
          type: 'csp-violation',
          body: { documentURL: 'https://c.example/p', effectiveDirective: 'img-src', blockedURL: `https://flood.example/${i}` },
        },
      ]);
    const before = cspViolationSummary();
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < (CSP_REPORTS_PER_MINUTE + 200) / 20; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, address) => {
          const i = batch * 20 + address;
          const answer = await fetch(`${served.origin}/api/csp-report`, {
            method: 'POST',
            body: report(i),
            headers: { 'Content-Type': 'application/reports+json', 'X-Forwarded-For': `198.51.100.${address + 1}` },
          });
          return answer.status;
        }),
      );
      for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const after = cspViolationSummary();
    // Other tests of this file may have used some of the minute's budget: at most the budget is counted.
    expect(after.total - before.total).toBeLessThanOrEqual(CSP_REPORTS_PER_MINUTE);
    expect(statuses.get(429) ?? 0).toBeGreaterThanOrEqual(200);
    expect(after.refused - before.refused).toBe(statuses.get(429));
    await expect(withinGlobalBudget(1)).resolves.toBe(false);
  }, 60_000);
});
