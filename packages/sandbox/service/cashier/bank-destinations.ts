/**
 * Where a cashier withdrawal by bank may go (docs/design.md, E25 and section 9): the accounts the
 * session's customer deposited from (closed loop, packages/sandbox/service/bank/closed-loop.ts), or, when the
 * merchant allows it (`bankWithdrawalOtherAccounts`), an account checked first by a payee name check
 * (name-check.ts) whose answer the customer saw. The account is named by an opaque reference (a
 * deposit's bank payment id, or a check's id), never posted again in full. Errors: 400
 * VALIDATION_ERROR (an unknown reference or check, an identifier failing its checks), 403
 * CLOSED_LOOP, 409 CONFLICT (a check already used), 409 PAYEE_NOT_CONFIRMED (a no-match or an
 * impossible check not acknowledged).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { cashierSessions, payeeChecks, type StoredCreditorAccount, type StoredPayeeCheck } from '@sandbox/db/schema';
import type {
  BankAccountChoice,
  PayeeCheckAnswer,
  PayeeCheckRequest,
  WithdrawalDestinations,
} from '@hosted-checkout/contract/bank-withdrawals';
import type { SandboxMerchantConfig } from '@sandbox/db/stored-shapes';
import { SandboxApiError, invalid } from '../core/api-error';
import { newId } from '../core/store';
import type { RequestContext } from '../core/request-context';
import type { PayoutRow } from '../core/records';
import { bankById } from '../bank/bank-directory';
import { customerBankDeposits } from '../bank/customer-deposits';
import { creditorOf, decideDestination, withdrawalDestinations } from '../bank/closed-loop';
import { checkPayeeName, type NameCheckResult } from '../bank/name-check';
import { checkedIban, maskIban, maskUkAccount } from '../bank/account-identifiers';
import { recordCreditTransfer } from '../bank/credit-transfers';
import { giveBankDestination } from '../payouts/payouts';

type SessionRow = typeof cashierSessions.$inferSelect;

/** A payee check names its account in a withdrawal this long (ms). */
export const PAYEE_CHECK_TTL_MS = 10 * 60_000;

/** Whether the merchant lets a withdrawal by bank go to an account the customer did not deposit from. */
const otherAllowed = (config: SandboxMerchantConfig) => config.settings.bankWithdrawalOtherAccounts === true;

/** GET .../withdrawal-destinations: the customer's deposit accounts (masked, by `ref`) and the merchant's setting. */
export async function destinationsOf(tx: Db, config: SandboxMerchantConfig, session: SessionRow): Promise<WithdrawalDestinations> {
  const deposits = await customerBankDeposits(tx, session.merchantId, session.customerId);
  const found = withdrawalDestinations(deposits, otherAllowed(config));
  return {
    bank: {
      accounts: found.accounts.map((a) => ({
        ref: a.ref,
        bankId: a.bankId,
        bankName: bankById(a.bankId)?.name ?? a.bankId,
        scheme: a.scheme,
        masked: a.masked,
        holder: a.holder,
        lastDepositAt: a.lastDepositAt.toISOString(),
      })),
      otherAccountAllowed: found.otherAccountAllowed,
      offered: found.offered,
    },
  };
}

/** A typed account (already checked) in full, with its mask. */
function typedAccount(account: PayeeCheckRequest['account']): StoredCreditorAccount {
  if ('iban' in account) {
    const iban = checkedIban(account.iban);
    if (!iban) throw invalid('account.iban: not a valid IBAN');
    return { scheme: 'IBAN', iban, masked: maskIban(iban) };
  }
  const sortCode = account.sortCode.replace(/\D/g, '');
  return {
    scheme: 'UK.OBIE.SortCodeAccountNumber',
    sortCode,
    accountNumber: account.accountNumber,
    masked: maskUkAccount(sortCode, account.accountNumber),
  };
}

/** The scheme's answer in the contract's one vocabulary. */
export function payeeCheckOf(result: NameCheckResult): StoredPayeeCheck {
  if (result.scheme === 'VOP') {
    const outcome = ({ MTCH: 'MATCH', CMTC: 'CLOSE_MATCH', NMTC: 'NO_MATCH', NOAP: 'NOT_POSSIBLE' } as const)[result.code];
    return { scheme: 'VOP', outcome, code: result.code, ...(result.code === 'CMTC' ? { nameHeld: result.nameHeld } : {}) };
  }
  const base = { scheme: 'COP' as const, ...('reasonCode' in result ? { code: result.reasonCode } : {}) };
  if (result.outcome === 'UNAVAILABLE') return { ...base, outcome: 'NOT_POSSIBLE' };
  return {
    ...base,
    outcome: result.outcome,
    ...('nameHeld' in result ? { nameHeld: result.nameHeld } : {}),
    ...('accountType' in result ? { accountType: result.accountType } : {}),
  };
}

/** Outcomes a withdrawal may follow only with the customer's acknowledgement (docs/design.md, section 9). */
const needsAcknowledgement = (check: StoredPayeeCheck) => check.outcome === 'NO_MATCH' || check.outcome === 'NOT_POSSIBLE';

/**
 * POST .../payee-check: an account the customer deposited from answers DEPOSIT_ACCOUNT; another is
 * refused (403 CLOSED_LOOP) unless the merchant allows it, then checked by the payee's bank. The
 * check is kept (the account in full, server-side) under the id the withdrawal names.
 */
export async function runPayeeCheck(
  tx: Db,
  config: SandboxMerchantConfig,
  session: SessionRow,
  request: PayeeCheckRequest,
  now = new Date(),
): Promise<PayeeCheckAnswer> {
  const deposits = await customerBankDeposits(tx, session.merchantId, session.customerId);
  const decision = decideDestination(deposits, otherAllowed(config), { account: request.account });
  if (!decision.allowed) {
    if (decision.reason === 'CLOSED_LOOP')
      throw new SandboxApiError('CLOSED_LOOP', 'Withdrawals by bank go back to an account the customer deposited from');
    throw invalid('account: not a valid IBAN, or UK sort code and account number');
  }
  let account: StoredCreditorAccount;
  let check: StoredPayeeCheck;
  if (decision.kind === 'DEPOSIT_ACCOUNT') {
    account = creditorOf(decision.account);
    check = { scheme: 'NONE', outcome: 'DEPOSIT_ACCOUNT' };
  } else {
    const answer = checkPayeeName({ name: request.name, account: request.account, accountType: request.accountType });
    if (!answer.ok)
      throw invalid(`account: ${answer.error === 'INVALID_IBAN' ? 'not a valid IBAN' : 'not a valid UK sort code and account number'}`);
    account = typedAccount(request.account);
    check = payeeCheckOf(answer.result);
  }
  const expiresAt = new Date(now.getTime() + PAYEE_CHECK_TTL_MS);
  const id = newId('pc');
  await tx.insert(payeeChecks).values({
    id,
    sessionId: session.id,
    customerId: session.customerId,
    account,
    name: request.name.slice(0, 140),
    result: check,
    expiresAt,
  });
  return {
    checkId: id,
    ...check,
    masked: account.masked,
    acknowledgementRequired: needsAcknowledgement(check),
    expiresAt: expiresAt.toISOString(),
  };
}

/** A destination resolved before the payout is created: the account in full, the name it is paid in. */
export interface BankDestination {
  account: StoredCreditorAccount;
  creditorName: string;
  source: 'DEPOSIT_ACCOUNT' | 'NAME_CHECKED';
  payeeCheck?: StoredPayeeCheck;
  /** The check spent by this withdrawal. */
  checkId?: string;
}

/** Resolves a withdrawal's `bankAccount` (errors above); the check row is locked, so two withdrawals cannot spend one check. */
export async function resolveBankDestination(
  tx: Db,
  config: SandboxMerchantConfig,
  session: SessionRow,
  choice: BankAccountChoice,
  now = new Date(),
): Promise<BankDestination> {
  if ('ref' in choice) {
    const deposits = await customerBankDeposits(tx, session.merchantId, session.customerId);
    const decision = decideDestination(deposits, otherAllowed(config), { ref: choice.ref });
    if (!decision.allowed || decision.kind !== 'DEPOSIT_ACCOUNT')
      throw invalid("bankAccount.ref: not one of this customer's deposit accounts");
    return { account: creditorOf(decision.account), creditorName: decision.account.holder, source: 'DEPOSIT_ACCOUNT' };
  }
  const [check] = await tx
    .select()
    .from(payeeChecks)
    .where(and(eq(payeeChecks.id, choice.payeeCheckId), eq(payeeChecks.sessionId, session.id)))
    .for('update')
    .limit(1);
  if (!check || check.expiresAt <= now) throw invalid('bankAccount.payeeCheckId: no such check, or it has expired: check the payee again');
  if (check.payoutId) throw new SandboxApiError('CONFLICT', 'This payee check was already used by a withdrawal');
  const deposit = check.result.outcome === 'DEPOSIT_ACCOUNT';
  if (!deposit && !otherAllowed(config))
    throw new SandboxApiError('CLOSED_LOOP', 'Withdrawals by bank go back to an account the customer deposited from');
  if (needsAcknowledgement(check.result) && choice.acknowledgeNoMatch !== true)
    throw new SandboxApiError(
      'PAYEE_NOT_CONFIRMED',
      'The payee name check did not match: the customer must acknowledge it (acknowledgeNoMatch)',
    );
  return {
    account: check.account,
    creditorName: check.name,
    source: deposit ? 'DEPOSIT_ACCOUNT' : 'NAME_CHECKED',
    payeeCheck: check.result,
    checkId: check.id,
  };
}

/** Gives the new payout its bank destination: the check spent, the credit transfer recorded, the payout's details given. */
export async function applyBankDestination(
  tx: Db,
  payout: PayoutRow,
  destination: BankDestination,
  ctx: RequestContext,
): Promise<PayoutRow['status']> {
  if (destination.checkId) await tx.update(payeeChecks).set({ payoutId: payout.id }).where(eq(payeeChecks.id, destination.checkId));
  await recordCreditTransfer(tx, payout, destination);
  return (await giveBankDestination(tx, payout, destination.account.masked, ctx)).status;
}
