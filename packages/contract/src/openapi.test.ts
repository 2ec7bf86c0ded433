import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';
import { PAYIN_STATUSES } from './enums';

describe('the OpenAPI document', () => {
  const generated = JSON.parse(JSON.stringify(buildOpenApiDocument()));

  it('is checked in as generated (run `npm run openapi` after changing the contract)', () => {
    const checkedIn = JSON.parse(readFileSync('openapi/payments.openapi.json', 'utf8'));
    expect(checkedIn).toEqual(generated);
  });

  it('marks the extensions and spells the enums as the reference does', () => {
    expect(generated.openapi).toBe('3.1.0');
    expect(generated.paths['/public/payin/{payinId}/process/card'].post['x-extension']).toBe(true);
    expect(generated.components.schemas.StartCardProcessingRequest['x-extension']).toBe(true);
    expect(generated.components.schemas.PayinStatus.enum).toEqual([...PAYIN_STATUSES]);
    expect(generated.components.schemas.PayinCreateStatus.enum).not.toContain('REFUND_PENDING');
    // The reference's 38, the cancelled withdrawal's CUSTOMER_CANCELLED, and the regulated cashier's
    // soft decline AUTHENTICATION_REQUIRED last.
    expect(generated.components.schemas.DetailedStatus.enum).toHaveLength(40);
    expect(generated.components.schemas.DetailedStatus.enum.slice(-2)).toEqual(['CUSTOMER_CANCELLED', 'AUTHENTICATION_REQUIRED']);
  });

  it('declares the Idempotency-Key header on every POST and the ErrorResponse on every error', () => {
    // The session-changes long poll is a read with a body, and the Apple Pay merchant validation asks Apple
    // for a session: neither changes anything, so neither has anything to replay. A Click to Pay session answers its
    // client token once, and a replay would have to keep that secret: each call opens a new one instead (at most 20).
    const readsWithBody = new Set([
      '/public/cashier/session-changes',
      '/public/payin/{payinId}/wallet/apple-pay/session',
      '/public/payin/{payinId}/click-to-pay/session',
    ]);
    type OperationObject = {
      parameters: { name: string }[];
      responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }>;
    };
    for (const [path, item] of Object.entries(generated.paths as Record<string, Record<string, OperationObject>>)) {
      for (const [method, operation] of Object.entries(item)) {
        if (method === 'post' && !readsWithBody.has(path))
          expect(
            operation.parameters.map((p) => p.name),
            path,
          ).toContain('Idempotency-Key');
        for (const status of ['400', '401', '403', '404', '409', '500']) {
          expect(operation.responses[status]?.content['application/json']?.schema.$ref, `${method} ${path} ${status}`).toBe(
            '#/components/schemas/ErrorResponse',
          );
        }
      }
    }
  });
});
