/**
 * The merchant's PSP records through the sandbox's router (route handlers in process): an
 * enabled PSP, 404 for another, 401 without a token. Every answer validated against the generated OpenAPI document by a standard validator
 * (packages/sandbox/testing/sandbox-http.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { sandboxDb } from '../core/store';

beforeAll(async () => {
  await sandboxDb();
});

describe('PSP records', () => {
  it('answers an enabled PSP and 404 for another', async () => {
    expect((await api('GET', '/public/psp/psp-apm')).body).toMatchObject({ id: 'psp-apm', currencies: ['EUR', 'BRL'], requiresKyc: false });
    expect((await api('GET', '/public/psp/psp-nope')).status).toBe(404);
    expect((await api('GET', '/public/psp/psp-apm', { token: null })).status).toBe(401);
  });
});
