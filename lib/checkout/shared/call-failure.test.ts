/**
 * What a form shows for each answer of the payments service to a server action's call
 * (call-failure.ts, `classifyFailure`): outages, each refusal the service names, anything else.
 */
import { describe, expect, it } from 'vitest';
import { PaymentsApiError } from '@/lib/payments-api/client';
import { classifyFailure } from './call-failure';

describe('classifyFailure', () => {
  it('maps the service’s answers to what the form shows', () => {
    expect(classifyFailure(new PaymentsApiError('timeout', 'processCard'))).toBe('unavailable');
    expect(classifyFailure(new PaymentsApiError('http', 'processCard', 503))).toBe('unavailable');
    expect(classifyFailure(new PaymentsApiError('http', 'processCard', 409, 'INVALID_STATE'))).toBe('invalidState');
    expect(classifyFailure(new PaymentsApiError('http', 'processCard', 409, 'CONFLICT'))).toBe('conflict');
    expect(classifyFailure(new PaymentsApiError('http', 'processCard', 409, 'CUSTOMER_EXCLUDED'))).toBe('excluded');
    expect(classifyFailure(new PaymentsApiError('http', 'processCard', 409, 'LIMITS_REQUIRED'))).toBe('limitsRequired');
    expect(classifyFailure(new PaymentsApiError('http', 'processCard', 409, 'ALREADY_BOUND'))).toBe('rejected');
    expect(classifyFailure(new PaymentsApiError('http', 'processCard', 404, 'NOT_FOUND'))).toBe('notFound');
    expect(classifyFailure(new PaymentsApiError('http', 'processCard', 400, 'VALIDATION_ERROR'))).toBe('invalid');
    expect(classifyFailure(new Error('boom'))).toBe('unavailable');
  });
});
