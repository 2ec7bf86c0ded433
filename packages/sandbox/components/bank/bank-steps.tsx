/**
 * The step the sandbox bank is at, for whoever drives it (the browser in the redirect flow, the
 * app in the decoupled one): login, account, confirmation with the one-time code, each with its
 * cancel button. Texts from the `bank` catalogue; amounts formatted for the page's locale.
 */
import { getLocale } from 'next-intl/server';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { formatMinor } from '@hosted-checkout/contract/money';
import type { BankPageView } from '@sandbox/service/bank/bank-view';
import { isIdentification } from '@hosted-checkout/contract/pay-n-play';
import { TEST_USERNAMES } from '@sandbox/service/bank/test-users';
import { bankStep } from '@sandbox/service/pages/bank-actions';
import { BankAccountForm, BankButtonForm, BankConfirmForm, BankLoginForm, type BankFormActor } from './bank-forms';

/** The `e=` errors a page may show: the catalogue key of each. */
const ERRORS = { login: 'loginError', account: 'accountError', code: 'codeError', notYet: 'notYet' } as const;

/** The message of an `e=` query value, or null; `identification`: the page of a login (isIdentification). */
export async function bankErrorMessage(error: string | undefined, identification = false): Promise<string | null> {
  const t = await getSandboxTranslations('bank');
  if (!error || !(error in ERRORS)) return null;
  const key = ERRORS[error as keyof typeof ERRORS];
  return t(identification && key === 'notYet' ? 'notYetIdentity' : key);
}

/** The line saying what the customer does at the bank: pay an amount to the merchant, or log in to it (amount 0, a Pay N Play identification only). */
export async function payingText(view: Pick<BankPageView, 'amountMinor' | 'currency' | 'merchantName'>): Promise<string> {
  const t = await getSandboxTranslations('bank');
  if (isIdentification(view.amountMinor)) return t('identifying', { merchant: view.merchantName });
  return t('paying', { amount: formatMinor(view.amountMinor, view.currency, await getLocale()), merchant: view.merchantName });
}

/** The form of the step `view` is at (LOGIN, ACCOUNT, CONFIRM) for `actor`, with its cancel button. */
export async function BankSteps(props: { view: BankPageView; actor: BankFormActor; error: string | null }) {
  const { view, actor, error } = props;
  const t = await getSandboxTranslations('bank');
  const amount = formatMinor(view.amountMinor, view.currency, await getLocale());
  // An identification only (amount 0) moves no money: its texts say login, not payment.
  const identification = isIdentification(view.amountMinor);
  const cancel = <BankButtonForm action={bankStep} actor={actor} step="cancel" label={t(identification ? 'cancelIdentity' : 'cancel')} />;
  if (view.step === 'LOGIN')
    return (
      <>
        <h2 className="text-base font-semibold">{t('loginHeading', { bank: view.bankName })}</h2>
        <BankLoginForm
          action={bankStep}
          actor={actor}
          error={error}
          text={{
            username: t('username'),
            password: t('password'),
            submit: t('logIn'),
            testUsers: t('testUsers', { users: TEST_USERNAMES.join(', ') }),
          }}
        />
        {cancel}
      </>
    );
  if (view.step === 'ACCOUNT')
    return (
      <>
        <BankAccountForm
          action={bankStep}
          actor={actor}
          error={error}
          accounts={view.accounts.map((a) => ({ key: a.key, label: t(a.kind), masked: a.masked }))}
          text={{ legend: t('chooseAccount'), submit: t('continue') }}
        />
        {cancel}
      </>
    );
  return (
    <>
      <h2 className="text-base font-semibold">{t(identification ? 'confirmIdentityHeading' : 'confirmHeading')}</h2>
      <BankConfirmForm
        action={bankStep}
        actor={actor}
        error={error}
        text={{
          summary: identification
            ? t('confirmIdentitySummary', { merchant: view.merchantName, account: view.chosenAccount ?? '' })
            : t('confirmSummary', { amount, merchant: view.merchantName, account: view.chosenAccount ?? '' }),
          code: t('code'),
          hint: t(identification ? 'identityCodeHint' : 'codeHint', { code: view.scaCode ?? '' }),
          submit: identification ? t('confirmIdentity') : t('confirm', { amount }),
        }}
      />
      {cancel}
    </>
  );
}
