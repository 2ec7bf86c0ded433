/** The console shows only the notice values this server signed. */
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxDb } from '../core/store';
import { signNotice, verifiedNotice } from './console-notice';

beforeAll(async () => {
  await sandboxDb();
});

describe('console notices', () => {
  it('keeps what the server signed', async () => {
    const signed = await signNotice('failed', { detail: 'amount: must be positive' });
    expect(await verifiedNotice('failed', { created: '', detail: signed.detail!, sig: signed.sig! })).toEqual({
      created: '',
      detail: 'amount: must be positive',
    });
    const created = await signNotice('payinCreated', { created: 'pi_123' });
    expect(await verifiedNotice('payinCreated', { created: 'pi_123', detail: '', sig: created.sig! })).toEqual({
      created: 'pi_123',
      detail: '',
    });
  });

  it('shows nothing of a crafted, changed or unsigned query', async () => {
    const signed = await signNotice('failed', { detail: 'amount: must be positive' });
    const phishing = 'Your account is locked. Call +1 555 0100 <script>alert(1)</script>';
    expect(await verifiedNotice('failed', { created: '', detail: phishing, sig: '' })).toEqual({ created: '', detail: '' });
    expect(await verifiedNotice('failed', { created: '', detail: phishing, sig: signed.sig! })).toEqual({ created: '', detail: '' });
    // A signature of one notice does not carry to another.
    expect(await verifiedNotice('payinCreated', { created: '', detail: signed.detail!, sig: signed.sig! })).toEqual({
      created: '',
      detail: '',
    });
    expect(await verifiedNotice('failed', { created: '', detail: 'x'.repeat(10_000), sig: 'AAAA' })).toEqual({ created: '', detail: '' });
    expect(await verifiedNotice('payinCreated', { created: '../etc', detail: '', sig: 'x' })).toEqual({ created: '', detail: '' });
  });

  it('signs no id that is not one, and cuts a long detail', async () => {
    expect(await signNotice('payinCreated', { created: '<b>' })).toEqual({});
    expect((await signNotice('failed', { detail: 'y'.repeat(1000) })).detail).toHaveLength(300);
  });
});
