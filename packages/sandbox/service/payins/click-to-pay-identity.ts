/**
 * The pay-in's customer as Click to Pay sees it (docs/design.md, E28): the keyed hashes of the
 * customer's email and E.164 phone (the SRC system's, src-system/profiles.ts), the profile they
 * name, masked, and what a pay-in says of Click to Pay at a read (`PayinTransaction.clickToPay`:
 * the identity when the merchant offers it, the card it was paid with, a typed card's link). No
 * email or phone leaves this module: only hashes and masks.
 */
import type { Db } from '@sandbox/db/client';
import type { PayinClickToPay } from '@hosted-checkout/contract/click-to-pay';
import type { PayinRow } from '../core/records';
import { merchantConfig } from '../core/request-context';
import { customerRow } from '../responsible-gambling/limits-prompt';
import { linkOutcomeOf } from '../src-system/link';
import { maskEmail, maskPhone, normaliseEmail, normalisePhone } from '../src-system/masking';
import { emailHashOf, findProfileByHash, maskedIdentityOf, phoneHashOf, type SrcProfile } from '../src-system/profiles';

/** The customer's identity hashes (null where absent or malformed), and the profile they name (by email first), or null. */
export interface CustomerSrcIdentity {
  emailHash: string | null;
  phoneHash: string | null;
  profile: SrcProfile | null;
  /** Which identity found the profile. */
  foundBy: 'EMAIL' | 'MOBILE_PHONE_NUMBER' | null;
  /** The customer's own email and phone, masked (`a•••@example.com`, `+44 ••• 567`), where well formed. */
  masked: { maskedEmail?: string; maskedPhone?: string };
}

const normalised = (normalise: (value: string) => string, value: string | undefined): string | null => {
  try {
    return value ? normalise(value) : null;
  } catch {
    // Not an email or an E.164 number the SRC system takes: no identity of that kind.
    return null;
  }
};

/** The SRC identity of customer `customerId`: its hashes and profile. Reads the customer row; throws only on a database error. */
export async function customerSrcIdentity(tx: Db, customerId: string): Promise<CustomerSrcIdentity> {
  const customer = await customerRow(tx, customerId);
  const email = normalised(normaliseEmail, customer?.data.email);
  const phone = normalised(normalisePhone, customer?.data.phoneNumber);
  const emailHash = email ? await emailHashOf(tx, email) : null;
  const phoneHash = phone ? await phoneHashOf(tx, phone) : null;
  const byEmail = emailHash ? await findProfileByHash(tx, 'EMAIL', emailHash) : null;
  const byPhone = !byEmail && phoneHash ? await findProfileByHash(tx, 'MOBILE_PHONE_NUMBER', phoneHash) : null;
  const profile = byEmail ?? byPhone;
  return {
    emailHash,
    phoneHash,
    profile,
    foundBy: byEmail ? 'EMAIL' : byPhone ? 'MOBILE_PHONE_NUMBER' : null,
    masked: { ...(email ? { maskedEmail: maskEmail(email) } : {}), ...(phone ? { maskedPhone: maskPhone(phone) } : {}) },
  };
}

/**
 * What pay-in `row` says of Click to Pay at a read, or undefined when there is nothing to say:
 * `identity` (the customer's email and phone masked, the link box's words, and whether a profile has them) when the merchant offers Click
 * to Pay and the pay-in may still be paid; `paidWith` from the stored card; `link` from the latest
 * link consent (its outcome settled by the pay-in's status, src-system/link.ts).
 */
export async function payinClickToPay(tx: Db, row: PayinRow, processable: boolean): Promise<PayinClickToPay | undefined> {
  const paidWith = row.card?.clickToPay?.paidWith;
  const link = await linkOutcomeOf(tx, row.id);
  let identity: PayinClickToPay['identity'];
  if (processable && (await merchantConfig(tx, row.merchantId)).settings.clickToPay) {
    const { profile, masked } = await customerSrcIdentity(tx, row.customerId);
    identity = { ...masked, consumerPresent: profile !== null };
  }
  if (!paidWith && !link && !identity) return undefined;
  return { ...(identity ? { identity } : {}), ...(paidWith ? { paidWith } : {}), ...(link ? { link } : {}) };
}

/** The session answer's masked identity of a found profile (of the type it was found by). */
export const sessionIdentity = (identity: CustomerSrcIdentity) =>
  identity.profile ? maskedIdentityOf(identity.profile, identity.foundBy ?? undefined) : undefined;
