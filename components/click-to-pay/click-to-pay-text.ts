import 'server-only';
/**
 * The Click to Pay panel's and link box's text (catalogue `clickToPay`), resolved on the server
 * only for a page that offers Click to Pay, so a plain card page ships none of it. Placeholders
 * the browser fills in (`{identity}`, `{destination}`, `{remaining}`, `{time}`, `{count}`,
 * `{expiry}`) stay in the strings; the amount and the merchant's name are filled in here.
 */
import { getTranslations } from 'next-intl/server';

/** The catalogue's keys, with the placeholders each string keeps. */
const KEYS = {
  heading: [],
  found: ['identity'],
  sendCode: [],
  codeLabel: [],
  sentTo: ['destination'],
  rememberMe: ['merchant'],
  rememberMeHint: [],
  continue: [],
  resend: [],
  resent: [],
  resendTooSoon: [],
  codeWrong: ['remaining'],
  codeExpired: [],
  codeFormat: [],
  locked: ['identity', 'time'],
  tooManyCodes: [],
  cardsLegend: [],
  cardsFound: ['count'],
  expires: ['expiry'],
  pay: ['amount'],
  useCard: [],
  notYou: [],
  signedAs: ['identity'],
  switchHeading: [],
  identityLabel: [],
  identityHint: [],
  identityInvalid: [],
  findCards: [],
  noProfile: ['identity'],
  unavailable: [],
  linkLabel: [],
  linkHint: ['identity'],
  noCards: [],
  showCards: [],
} as const satisfies Record<string, readonly string[]>;

/** The panel's text by key. */
export type ClickToPayText = Record<keyof typeof KEYS, string>;

/** The text, `amount` (formatted, major units) and `merchant` (its display name) filled in. */
export async function clickToPayText(amount: string, merchant: string): Promise<ClickToPayText> {
  const t = await getTranslations('clickToPay');
  const filled: Record<string, string> = { amount, merchant };
  const entries = Object.entries(KEYS).map(([key, names]) => {
    const values = Object.fromEntries(names.map((name) => [name, filled[name] ?? `{${name}}`]));
    return [key, t(key as keyof typeof KEYS, values)];
  });
  return Object.fromEntries(entries) as ClickToPayText;
}
