/** CSP reports in both formats become violations without queries; floods are bounded. */
import { describe, expect, it } from 'vitest';
import { cspViolationSummary, parseCspReports, recordCspViolations } from './csp-reports';

describe('CSP violation reports', () => {
  it('reads report-uri (application/csp-report) and report-to (application/reports+json), never keeping a query', () => {
    const legacy = parseCspReports('application/csp-report', {
      'csp-report': { 'document-uri': 'https://checkout.example/payments/payin/pi_1/card?locale=fr', 'effective-directive': 'connect-src', 'blocked-uri': 'https://evil.example/c?pan=4242424242424242', disposition: 'enforce' },
    });
    expect(legacy).toEqual([{ page: '/payments/payin/pi_1/card', directive: 'connect-src', blocked: 'https://evil.example/c', disposition: 'enforce' }]);
    const modern = parseCspReports('application/reports+json; charset=utf-8', [
      { type: 'csp-violation', body: { documentURL: 'https://checkout.example/cashier/cs_1', effectiveDirective: 'script-src-elem', blockedURL: 'https://cdn.evil.example/skim.js#x', disposition: 'report' } },
      { type: 'deprecation', body: { id: 'x' } },
    ]);
    expect(modern).toEqual([{ page: '/cashier/cs_1', directive: 'script-src-elem', blocked: 'https://cdn.evil.example/skim.js', disposition: 'report' }]);
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
    recordCspViolations(Array.from({ length: 12 }, (_, i) => ({ page: '/p', directive: i % 2 ? 'img-src' : 'connect-src', blocked: `https://x.example/${i}`, disposition: 'enforce' as const })));
    const summary = cspViolationSummary();
    expect(summary.total - before).toBe(12);
    expect(summary.recent).toHaveLength(10);
    expect(summary.recent[0]!.blocked).toBe('https://x.example/11');
  });
});
