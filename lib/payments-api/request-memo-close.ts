/**
 * Forgets each request's memoized answers (./request-memo.ts) when its response closes: finished,
 * or the client went away. Installed at start (lib/startup.ts), after the request log that makes
 * the request key (lib/net/request-log.ts); idempotent. Kept apart from the memo so the proxy's
 * bundle, which uses the memo, does not carry the request log.
 */
import { onEveryRequest } from '@hosted-checkout/runtime/net/request-hooks';
import { REQUEST_KEY_HEADER } from '@/lib/net/request-log';
import { forgetRequest } from './request-memo';

/** Registers the hook that forgets a request's answers on its response's 'close'. */
export function forgetAnswersOnClose(): void {
  onEveryRequest('request-memo', (request, response) => {
    const requestKey = request.headers[REQUEST_KEY_HEADER];
    if (typeof requestKey === 'string') response.once('close', () => forgetRequest(requestKey));
  });
}
