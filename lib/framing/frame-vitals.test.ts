/**
 * The frame's beacon (lib/framing/frame-vitals.ts), in a stand-in of the browser's globals: each
 * report names the document's page view with an id the server takes
 * (lib/security/vitals-reports.ts), the same id in every report of the document (the card page's
 * answer to the status page included), another in another document.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseVitalsReport } from '@/lib/security/vitals-reports';

/** Loads a fresh copy of the module (a new document) in a stand-in browser; answers its beacons and its event listeners. */
async function newDocument() {
  const beacons: unknown[] = [];
  const listeners = new Map<string, (() => void)[]>();
  vi.stubGlobal('document', { documentElement: { lang: 'de' }, readyState: 'loading', visibilityState: 'visible' });
  vi.stubGlobal('navigator', { sendBeacon: (_url: string, body: string) => beacons.push(JSON.parse(body)) });
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) =>
    listeners.set(type, [...(listeners.get(type) ?? []), listener]),
  );
  vi.stubGlobal('window', { parent: undefined });
  vi.resetModules();
  const vitals = await import('./frame-vitals');
  const fire = (type: string) => {
    for (const listener of listeners.get(type) ?? []) listener();
  };
  return { vitals, beacons, fire };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the frame’s beacon', () => {
  it('names the page view in every report of the document, with an id the server takes', async () => {
    const { vitals, beacons, fire } = await newDocument();
    vitals.startFrameVitals('card', false);
    vitals.recordFrameMetric('lcp', 1234.4);
    // The card page's answer: the status page in the same document.
    vitals.startFrameVitals('status', false);
    vitals.recordFrameMetric('inp', 40);
    fire('pagehide');
    expect(beacons).toHaveLength(2);
    const [card, status] = beacons.map((body) => parseVitalsReport(body));
    expect(card).toMatchObject({ page: 'card', locale: 'de', timings: expect.arrayContaining([['lcp', 1.234]]) });
    expect(status).toMatchObject({ page: 'status', timings: [['inp', 0.04]] });
    expect(card?.view).toMatch(/^[0-9a-f]{32}$/);
    expect(status?.view).toBe(card?.view);

    const other = await newDocument();
    other.vitals.startFrameVitals('card', false);
    other.fire('pagehide');
    expect(parseVitalsReport(other.beacons[0])?.view).not.toBe(card?.view);
  });
});
