'use server';
/**
 * Server action of the sandbox wallet's page (packages/sandbox/routes/wallet/pay/page.tsx): the tester chose a
 * card of the wallet for a payment request, and the wallet issues its token for that pay-in
 * (bound to its amount and currency; sandbox-wallet-token.ts). Like a real wallet's cryptogram,
 * only for the total the wallet showed: a page that asked for another amount than the pay-in's
 * gets no token (dynamic linking). The token goes back to the checkout through the browser's
 * Payment Request API, never through a URL.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { sandboxEnabled } from '@hosted-checkout/runtime/config';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { payins } from '@sandbox/db/schema';
import { decimalAmount } from '@hosted-checkout/contract/money';
import { issueSandboxWalletToken } from '../payins/sandbox-wallet-token';
import { payinActions } from '../core/transitions';
import { findMerchant, sandboxDb } from '../core/store';

const Request = z.object({
  paymentId: z.string().regex(PAYMENT_ID),
  card: z.number().int().min(0).max(16),
  total: z.object({ currency: z.string().max(3), value: z.string().max(32) }),
});

/**
 * The wallet's token for pay-in `paymentId`, its card `card`, and the `total` its window showed
 * ({ currency, value }: ISO 4217 and a decimal string in major units). `null` for an unknown
 * pay-in or card, a pay-in that cannot be paid or whose merchant does not offer the sandbox
 * wallet, or a total that is not the pay-in's.
 */
export async function issueWalletToken(paymentId: unknown, card: unknown, total: unknown): Promise<string | null> {
  const parsed = Request.safeParse({ paymentId, card, total });
  if (!sandboxEnabled() || !parsed.success) return null;
  const db = await sandboxDb();
  const [row] = await db.select().from(payins).where(eq(payins.id, parsed.data.paymentId)).limit(1);
  if (!row || !payinActions(row.status).process) return null;
  if (parsed.data.total.currency !== row.currency || parsed.data.total.value !== decimalAmount(row.amountMinor, row.currency)) return null;
  const merchant = await findMerchant(db, row.merchantId);
  if (!merchant?.config.settings.wallets?.includes('SANDBOX_WALLET')) return null;
  return issueSandboxWalletToken(db, row, parsed.data.card).catch(() => null);
}
