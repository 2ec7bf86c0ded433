'use server';
/**
 * Server action of the sandbox wallet's page (E21; app/sandbox/wallet/pay): the tester chose a
 * card of the wallet for a payment request, and the wallet issues its token for that pay-in
 * (bound to its amount and currency; sandbox-wallet-token.ts). The token goes back to the
 * checkout through the browser's Payment Request API, never through a URL.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { sandboxEnabled } from '@/lib/config';
import { payins } from '@/lib/db/schema';
import { issueSandboxWalletToken } from '../payins/sandbox-wallet-token';
import { sandboxDb } from '../core/store';

const Request = z.object({ paymentId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/), card: z.number().int().min(0).max(16) });

/** The wallet's token for pay-in `paymentId` and its card `card`; `null` for an unknown pay-in or card. */
export async function issueWalletToken(paymentId: unknown, card: unknown): Promise<string | null> {
  const parsed = Request.safeParse({ paymentId, card });
  if (!sandboxEnabled() || !parsed.success) return null;
  const db = await sandboxDb();
  const [row] = await db.select({ id: payins.id, amountMinor: payins.amountMinor, currency: payins.currency }).from(payins).where(eq(payins.id, parsed.data.paymentId)).limit(1);
  if (!row) return null;
  return issueSandboxWalletToken(db, row, parsed.data.card).catch(() => null);
}
