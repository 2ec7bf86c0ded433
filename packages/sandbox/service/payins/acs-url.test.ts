/** The sandbox on its own origin (SANDBOX_PUBLIC_URL): its ACS's address is on that origin, which the checkout follows in test mode. */
import { afterEach, describe, expect, it } from 'vitest';
import { acsUrl } from './three-ds';
import { requestContext } from '../core/request-context';

describe('a sandbox on its own origin (SANDBOX_PUBLIC_URL)', () => {
  afterEach(() => {
    delete process.env.SANDBOX_PUBLIC_URL;
  });

  it('answers its ACS from that origin', () => {
    process.env.SANDBOX_PUBLIC_URL = 'http://sandbox.internal:4000';
    expect(acsUrl(requestContext(new Request('http://localhost/')), 'pi_1')).toBe('http://sandbox.internal:4000/sandbox/3ds/pi_1');
  });
});
