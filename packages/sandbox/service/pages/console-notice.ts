/**
 * The console's notices after an action: the action's redirect carries
 * the notice's values (`created`: an id; `detail`: the service's refusal) with an HMAC of them,
 * so the console shows only what this server wrote; a crafted `/sandbox?notice=failed&detail=…`
 * shows nothing but the bare notice. The key is derived from the sandbox's card-hash key
 * (CARD_HASH_KEY, the same on every instance), so any instance verifies another's notice.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { cardHashKey } from '../core/card-hash-key';
import { sandboxDb } from '../core/store';

/** Longest detail shown (characters). */
const MAX_DETAIL = 300;

interface NoticeValues {
  created?: string;
  detail?: string;
}

const cacheKey = Symbol.for('hosted-checkout.console-notice-key');
const g = globalThis as typeof globalThis & { [cacheKey]?: Promise<Buffer> };

/** The notice key, derived once per process (shared by the bundles: the action signs, the page verifies). */
function noticeKey(): Promise<Buffer> {
  g[cacheKey] ??= (async () =>
    createHmac('sha256', await cardHashKey(await sandboxDb()))
      .update('console-notice')
      .digest())();
  g[cacheKey].catch(() => delete g[cacheKey]);
  return g[cacheKey];
}

async function mac(notice: string, values: NoticeValues): Promise<Buffer> {
  const key = await noticeKey();
  return createHmac('sha256', key)
    .update(JSON.stringify([notice, values.created ?? '', values.detail ?? '']))
    .digest()
    .subarray(0, 16);
}

/** The query values of a notice: `created` (an id) and `detail` (cut to 300 characters), and their `sig`. */
export async function signNotice(notice: string, values: NoticeValues): Promise<Record<string, string>> {
  const created = values.created && PAYMENT_ID.test(values.created) ? values.created : undefined;
  const detail = values.detail ? values.detail.slice(0, MAX_DETAIL) : undefined;
  if (!created && !detail) return {};
  const kept = { ...(created ? { created } : {}), ...(detail ? { detail } : {}) };
  return { ...kept, sig: (await mac(notice, kept)).toString('base64url') };
}

/** The values of a notice when its `sig` is this server's; empty values otherwise (nothing of the query is shown). */
export async function verifiedNotice(
  notice: string,
  query: { created: string; detail: string; sig: string },
): Promise<{ created: string; detail: string }> {
  const none = { created: '', detail: '' };
  if (
    !query.sig ||
    (!query.created && !query.detail) ||
    query.detail.length > MAX_DETAIL ||
    (query.created && !PAYMENT_ID.test(query.created))
  )
    return none;
  const given = Buffer.from(query.sig, 'base64url');
  const expected = await mac(notice, {
    ...(query.created ? { created: query.created } : {}),
    ...(query.detail ? { detail: query.detail } : {}),
  });
  return given.length === expected.length && timingSafeEqual(given, expected) ? { created: query.created, detail: query.detail } : none;
}
