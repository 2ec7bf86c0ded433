import 'server-only';
/**
 * The banner of a payment form after its action: a form-level error (`errors.*`) or a decline with
 * its reason in words (`card.declined`, `reasons.*`), resolved on the server in the request's
 * locale. The forms' client components carry no table of errors and reasons for the few views
 * that show one: the card page's flight data is the text it draws (README, "Performance").
 */
import { getTranslations } from 'next-intl/server';
import { REASON_MESSAGES } from '@/lib/checkout/shared/payment-state';

/** A form error's key in `errors.*` (the state's `limit` is `errors.depositLimit`, `closedLoop` `errors.cardClosedLoop`, `methodClosedLoop` an APM account's). */
const FORM_ERROR_KEYS: Record<string, string> = {
  unavailable: 'unavailable',
  rejected: 'rejected',
  notFound: 'notFound',
  rateLimited: 'rateLimited',
  challenge: 'challenge',
  challengeNeedsJs: 'challengeNeedsJs',
  limit: 'depositLimit',
  excluded: 'excluded',
  limitsRequired: 'limitsRequired',
  closedLoop: 'cardClosedLoop',
  methodClosedLoop: 'methodClosedLoop',
};

const REASONS = new Set<string>(REASON_MESSAGES);

/** What a banner is made of: a form error's key, or a decline's reason key (`reasons.*`). */
export interface BannerSource {
  formError?: string;
  declineReason?: string;
}

/**
 * The banner's text for a state, in the request's locale; undefined when the state has neither a
 * known form error nor a decline. A reason without a text of its own reads as the generic one.
 */
export async function bannerText(state: BannerSource): Promise<string | undefined> {
  if (state.formError) {
    const key = FORM_ERROR_KEYS[state.formError];
    if (!key) return undefined;
    const e = await getTranslations('errors');
    return e(key as 'unavailable');
  }
  if (!state.declineReason) return undefined;
  const [t, reasons] = await Promise.all([getTranslations('card'), getTranslations('reasons')]);
  const reasonKey = REASONS.has(state.declineReason) ? state.declineReason : 'generic';
  return t('declined', { reason: reasons(reasonKey as 'generic') });
}

/** The state with its `banner` (bannerText), or the state as it was when it has none. */
export async function withBanner<S extends BannerSource>(state: S): Promise<S & { banner?: string }> {
  const banner = await bannerText(state);
  return banner === undefined ? state : { ...state, banner };
}
