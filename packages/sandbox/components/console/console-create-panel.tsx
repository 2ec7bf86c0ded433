/** The sandbox console's create panel (console-view.tsx). */
import type { ReactNode } from 'react';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { createH2hAction, createPayinAction, createPayoutAction, createSessionAction } from '@sandbox/service/pages/console-actions';
import { TEST_CARD_NUMBERS } from '@sandbox/service/core/test-cards';
import { button, type PanelProps } from './console-styles';
import { ConsoleInput, ConsoleSelect } from './console-fields';
import { ConsolePanel, TokenField } from './panel';

export async function CreatePanel(props: PanelProps) {
  const t = await getSandboxTranslations('console');
  const { token, overview } = props;
  /** A card of the form creating one kind of record, titled and submitted by `title`. */
  const createForm = (action: (data: FormData) => Promise<void>, title: string, fields: ReactNode) => (
    <form action={action} className="space-y-2 rounded-theme border border-line p-3">
      <h3 className="font-semibold">{title}</h3>
      <TokenField token={token} />
      {fields}
      <button className={button}>{title}</button>
    </form>
  );
  const currencySelect = (id: string) => (
    <ConsoleSelect id={id} label={t('currency')} name="currency" defaultValue="EUR">
      {props.currencies.map((c) => (
        <option key={c}>{c}</option>
      ))}
    </ConsoleSelect>
  );
  const kyc = (id: string) => (
    <label htmlFor={id} className="flex items-center gap-2 text-sm">
      <input id={id} type="checkbox" name="kycVerified" className="size-6" /> {t('kycVerified')}
    </label>
  );
  return (
    <ConsolePanel
      headingId="create-heading"
      title={t('create')}
      className="grid gap-4 md:grid-cols-2 lg:grid-cols-4"
      headingClassName="sr-only"
    >
      {createForm(
        createPayinAction,
        t('createPayin'),
        <>
          <ConsoleInput id="payin-amount" label={t('amount')} name="amount" defaultValue="25.50" inputMode="decimal" />
          {currencySelect('payin-currency')}
          <ConsoleSelect id="payin-router" label={t('router')} name="routerId" defaultValue="">
            <option value="">{t('defaultRouter')}</option>
            {props.routers.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </ConsoleSelect>
          {kyc('payin-kyc')}
        </>,
      )}
      {createForm(
        createPayoutAction,
        t('createPayout'),
        <>
          <ConsoleInput id="payout-value" label={t('value')} name="value" defaultValue="15" inputMode="decimal" />
          {currencySelect('payout-currency')}
          {kyc('payout-kyc')}
        </>,
      )}
      {createForm(
        createSessionAction,
        t('createSession'),
        <>
          {currencySelect('session-currency')}
          <ConsoleInput id="session-balance" label={t('balance')} name="balance" defaultValue="100" inputMode="decimal" />
          {kyc('session-kyc')}
        </>,
      )}
      {createForm(
        createH2hAction,
        t('createH2h'),
        <>
          <ConsoleInput id="h2h-amount" label={t('amount')} name="amount" defaultValue="49.99" inputMode="decimal" />
          {currencySelect('h2h-currency')}
          <ConsoleSelect id="h2h-card" label={t('testCard')} name="testCard">
            {TEST_CARD_NUMBERS.map((c) => (
              <option key={c} value={c}>
                {c.replace(/(\d{4})(?=\d)/g, '$1 ')}
              </option>
            ))}
          </ConsoleSelect>
          <ConsoleInput id="h2h-hook" label={t('hookUrl')} name="hookUrl" defaultValue={overview.webhookUrl ?? 'http://127.0.0.1:9/hook'} />
        </>,
      )}
    </ConsolePanel>
  );
}
