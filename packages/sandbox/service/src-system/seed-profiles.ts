/**
 * The sandbox SRC system's seeded profiles (docs/sandbox.md), inserted at each start with
 * `onConflictDoNothing`, as the seeded merchants are (core/store.ts): each is found again by its
 * email's keyed hash, each card by (profile, card hash). The PANs are the sandbox's public test
 * cards (core/test-cards.ts); only their masks and keyed hashes reach the database. Every
 * profile's one-time code is `123456` (otp.ts).
 */
import { checkCardNumber, maskPan } from '@hosted-checkout/contract/card-rules';
import type { Db } from '@sandbox/db/client';
import { keyedHash, registerSeed } from '../core/store';
import { linkCard, srcBrandOf } from './cards';
import { normaliseEmail } from './masking';
import { createProfile, emailHashOf, findProfileByHash } from './profiles';

/** A seeded profile: its identities, holder, and test cards (expiry 12/2030). */
export interface SeedSrcProfile {
  email: string;
  phone?: string;
  holder: string;
  /** Test PANs: what each is for is in docs/sandbox.md. */
  cards: readonly string[];
}

export const SEED_SRC_PROFILES: readonly SeedSrcProfile[] = [
  // Recognised, "Not you?": a Visa whose PAN is challenged but whose token passes, and a US Mastercard (token ECI 06).
  { email: 'clara.c2p@example.com', phone: '+447700900101', holder: 'Clara Click', cards: ['4000000000003220', '5555555555554444'] },
  // A wrong code, then the right one.
  { email: 'tomas.c2p@example.com', phone: '+447700900102', holder: 'Tomas Click', cards: ['4242424242424242'] },
  // Three wrong codes: locked for 30 minutes.
  { email: 'lena.c2p@example.com', holder: 'Lena Click', cards: ['4242424242424242'] },
  // Its issuer challenges tokens too.
  { email: 'ravi.c2p@example.com', holder: 'Ravi Click', cards: ['4000000000003246'] },
  // The token is declined.
  { email: 'dora.c2p@example.com', holder: 'Dora Click', cards: ['4000000000000002'] },
];

const SEED_EXPIRY = { expiryMonth: '12', expiryYear: '2030' } as const;

/** Inserts the seeded profiles and their ACTIVE cards that are missing; changes none that exist. */
export async function seedSrcProfiles(db: Db): Promise<void> {
  for (const seed of SEED_SRC_PROFILES) {
    const profile =
      (await createProfile(db, { email: seed.email, phone: seed.phone }, 'SEED')) ??
      (await findProfileByHash(db, 'EMAIL', await emailHashOf(db, normaliseEmail(seed.email))));
    // Its phone number taken by a profile made by consent: that one stays, the seed is skipped.
    if (!profile) continue;
    for (const pan of seed.cards) {
      const check = checkCardNumber(pan);
      const brand = check.brand ? srcBrandOf(check.brand.niceType) : null;
      if (!brand || !check.isValid) throw new Error('a seeded Click to Pay card is not a valid Visa or Mastercard');
      await linkCard(db, {
        profileId: profile.id,
        brand,
        fpanMask: maskPan(check.digits),
        fpanHash: await keyedHash(db, check.digits),
        ...SEED_EXPIRY,
        holder: seed.holder,
        status: 'ACTIVE',
      });
    }
  }
}

/** Registers the seed to run when the sandbox's database opens (the entry points call it, as they register status listeners). */
export const registerSrcSeeds = (): void => registerSeed('src-system: seeded profiles', seedSrcProfiles);
