import { readBoundedText } from '@hosted-checkout/runtime/net/bounded-body';
import { cardBinFacts, validBinRequest } from '@/lib/checkout/payment-pages/card-bin';
import { errorAnswer, jsonAnswer, serviceCall } from '@/lib/checkout/shared/route-answers';
import { NO_TRUSTED_ADDRESS, requestClientIp } from '@hosted-checkout/runtime/net/client-ip';
import { consume, VelocityLimited } from '@hosted-checkout/runtime/security/velocity';

/**
 * POST /api/payments/payin/{paymentId}/bin `{ bin }`: the card page's BIN lookup (brands,
 * funding type; lib/checkout/payment-pages/card-bin.ts). 400 for anything but 6 to 8 digits of a pay-in, 404 for a BIN of no
 * known brand or an unknown pay-in, 502 when the service does not answer, 429 past the lookups
 * allowed per client address and per pay-in (LIMIT_BIN_LOOKUPS_PER_IP, _PER_PAYMENT: an unlimited
 * lookup is a card-testing oracle; the page then goes on without the facts, and the service
 * still decides at Pay).
 */
export async function POST(request: Request, { params }: { params: Promise<{ transactionType: string; paymentId: string }> }) {
  const { transactionType, paymentId } = await params;
  if (transactionType !== 'payin') return errorAnswer('NOT_FOUND', 'Pay-ins only');
  // `{ "bin": "12345678" }` is some 20 bytes: anything past 200 is not ours, and is not read on.
  const text = await readBoundedText(request, 200).catch(() => null);
  if (text === null) return errorAnswer('PAYLOAD_TOO_LARGE', 'The body is larger than 200 bytes');
  let bin: unknown;
  try {
    bin = (JSON.parse(text) as { bin?: unknown } | null)?.bin;
  } catch {
    bin = undefined;
  }
  if (!validBinRequest(paymentId, bin)) return errorAnswer('VALIDATION_ERROR', 'bin must be the first 6 to 8 digits of the card number');
  try {
    await consume(
      [
        { limit: 'binLookupsPerIp', key: requestClientIp(request.headers) ?? NO_TRUSTED_ADDRESS },
        { limit: 'binLookupsPerPayment', key: paymentId },
      ],
      { paymentId },
    );
  } catch (error) {
    // A refusal, or limits that cannot be checked (they fail closed): no lookup now.
    const retryAfter = VelocityLimited.is(error) ? error.retryAfterS : 5;
    return errorAnswer('RATE_LIMITED', 'Too many lookups; try again later', retryAfter);
  }
  return serviceCall('Unknown pay-in', async () => {
    const facts = await cardBinFacts(paymentId, bin);
    return facts ? jsonAnswer(facts) : errorAnswer('NOT_FOUND', 'Unknown BIN');
  });
}
