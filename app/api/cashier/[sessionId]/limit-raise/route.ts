import { randomUUID } from 'node:crypto';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { logger } from '@hosted-checkout/runtime/log';
import { readBoundedBytes } from '@hosted-checkout/runtime/net/bounded-body';
import { fromOwnPage } from '@/lib/net/request-hosts';
import { paymentsApi, PaymentsApiError } from '@/lib/payments-api/client';
import { refuseUnlessHolder } from '@/lib/checkout/shared/holding';
import { localeParam } from '@/lib/checkout/shared/payment-paths';
import { DEFAULT_LOCALE, LOCALES } from '@hosted-checkout/contract/locales';
import {
  LIMIT_RAISE_FORM_MAX_BYTES,
  LIMIT_RAISE_UPLOADS_MAX,
  readLimitRaiseForm,
  type LimitRaiseFormError,
} from '@/lib/checkout/cashier/responsible-gambling/limit-raise-form';

const plain = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/** Back to the cashier's panel (303), with what became of the post (`limitRaise=sent`, or `limitRaiseError=`). */
function back(sessionId: string, locale: string, outcome: { sent: true } | { error: LimitRaiseFormError }): Response {
  const query = new URLSearchParams({
    ...(locale ? { locale } : {}),
    ...('sent' in outcome ? { limitRaise: 'sent' } : { limitRaiseError: outcome.error }),
  });
  return new Response(null, {
    status: 303,
    headers: { Location: `/cashier/${encodeURIComponent(sessionId)}?${query}#limit-raise`, 'Cache-Control': 'no-store' },
  });
}

/** The sessions whose post is being read or sent now (at most LIMIT_RAISE_UPLOADS_MAX; one each). */
const uploading = new Set<string>();

/**
 * POST /api/cashier/{sessionId}/limit-raise (multipart form: income, ceiling, document, locale,
 * numberLocale): a German customer's request for a monthly deposit ceiling above EUR 1,000
 * (GlüStV 2021 §6c(1) S.3; lib/checkout/cashier/responsible-gambling/limit-raise-form.ts), sent to
 * the service for the merchant to decide. A plain form post, with or without JavaScript: a route
 * rather than a server action because the document (at most 5 MiB) is past the actions' 100 KB.
 * Answers 303 to the cashier with the outcome; 403 for a post from another origin (no CSRF) or a
 * browser that does not hold the session, 404 for an unknown one, 413 past
 * LIMIT_RAISE_FORM_MAX_BYTES, 400 for a body that is not a form. At most one post per session
 * and LIMIT_RAISE_UPLOADS_MAX in all are read at once: another of the same session is told one is
 * on its way (`pending`), one past the bound 503, both unread. The document's bytes and the
 * declared income are never logged.
 */
export async function POST(request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  if (!PAYMENT_ID.test(sessionId)) return plain(404, 'Unknown session');
  if (!fromOwnPage(request)) return plain(403, 'This form is sent from the cashier only');
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(contentType)) return plain(400, 'Not a form with a file');
  if (Number(request.headers.get('content-length') ?? '0') > LIMIT_RAISE_FORM_MAX_BYTES)
    return plain(413, 'The document is larger than 5 MB');
  const refused = await refuseUnlessHolder(sessionId);
  if (refused) return refused;
  if (uploading.has(sessionId)) return back(sessionId, '', { error: 'pending' });
  if (uploading.size >= LIMIT_RAISE_UPLOADS_MAX)
    return new Response('Too many documents are being sent now. Try again in a few seconds.\n', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' },
    });
  uploading.add(sessionId);
  try {
    return await readAndSend(request, sessionId, contentType);
  } finally {
    uploading.delete(sessionId);
  }
}

/** The rest of POST: reads the form (bounded), checks it and sends the request; answers as POST says. */
async function readAndSend(request: Request, sessionId: string, contentType: string): Promise<Response> {
  // Bounded before anything is parsed.
  const raw = await readBoundedBytes(request, LIMIT_RAISE_FORM_MAX_BYTES);
  if (raw === null) return plain(413, 'The document is larger than 5 MB');
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    return plain(400, 'The form could not be read');
  }
  const locale = localeParam(form.get('locale')?.toString());
  const numberLocale = (LOCALES as readonly string[]).find((l) => l === form.get('numberLocale')) ?? DEFAULT_LOCALE;
  try {
    const session = await paymentsApi.getSession(sessionId, { transactions: 'open' });
    const ceiling = session.responsibleGambling?.monthlyCeiling;
    if (ceiling === undefined || session.currency !== 'EUR') return back(sessionId, locale, { error: 'rejected' });
    const read = await readLimitRaiseForm(form, numberLocale, ceiling);
    if ('error' in read) return back(sessionId, locale, read);
    await paymentsApi.requestLimitRaise(sessionId, read.request, randomUUID());
    return back(sessionId, locale, { sent: true });
  } catch (error) {
    const pending = PaymentsApiError.is(error) && error.errorKey === 'INVALID_STATE';
    const unavailable = !PaymentsApiError.is(error) || error.retryable;
    logger.warn({ sessionId, errorKey: PaymentsApiError.is(error) ? error.errorKey : undefined }, 'cashier: a limit raise request failed');
    return back(sessionId, locale, { error: pending ? 'pending' : unavailable ? 'unavailable' : 'rejected' });
  }
}
