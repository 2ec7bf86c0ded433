/**
 * The test guard itself, without dialling anything but loopback: which `Socket#connect`
 * arguments it stops (decided without a connection), and that loopback goes through.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { loopbackOnly, stoppedHost } from './loopback-only';

describe('loopbackOnly', () => {
  it('would stop private, link-local and metadata hosts in every argument form, not loopback', () => {
    expect(stoppedHost([{ host: '10.0.0.5', port: 80 }])).toBe('10.0.0.5');
    expect(stoppedHost([[{ host: '169.254.169.254', port: 80 }, null]])).toBe('169.254.169.254');
    expect(stoppedHost([80, 'fd00:ec2::254'])).toBe('fd00:ec2::254');
    expect(stoppedHost([{ host: 'internal.example', port: 80 }])).toBe('internal.example');
    for (const host of ['127.0.0.1', '::1', '[::1]', 'localhost', '127.3.4.5']) expect(stoppedHost([{ host, port: 80 }]), host).toBeNull();
    expect(stoppedHost(['/tmp/socket'])).toBeNull();
    expect(stoppedHost([{ port: 80 }])).toBeNull();
  });

  it('lets loopback connections through while installed', async () => {
    const guard = loopbackOnly();
    try {
      const outcome = await new Promise<Error | null>((resolve) =>
        http.get('http://127.0.0.1:9/', () => resolve(null)).on('error', resolve),
      );
      expect(outcome?.message ?? '').not.toMatch(/test guard/);
      expect(guard.stopped).toEqual([]);
    } finally {
      guard.restore();
    }
  });
});
