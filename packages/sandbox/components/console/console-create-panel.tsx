/** The sandbox console's create panel (console-view.tsx). */
import { getTranslations } from 'next-intl/server';
import { createH2hAction, createPayinAction, createPayoutAction, createSessionAction } from '@sandbox/service/pages/console-actions';
import { TEST_CARD_NUMBERS } from '@sandbox/service/core/test-cards';
import { button, field, type PanelProps } from './console-styles';

export async function CreatePanel(props: PanelProps) {
  const t = await getTranslations('console');
  const { token, overview } = props;
  const hidden = <input type="hidden" name="token" value={token} />;
  const currencySelect = (id: string) => (
    <label htmlFor={id} className="block text-sm font-medium">
      {t('currency')}
      <select id={id} name="currency" className={field} defaultValue="EUR">
        {props.currencies.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
    </label>
  );
  const kyc = (id: string) => (
    <label htmlFor={id} className="flex items-center gap-2 text-sm">
      <input id={id} type="checkbox" name="kycVerified" className="size-6" /> {t('kycVerified')}
    </label>
  );
  return (
    <section aria-labelledby="create-heading" className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
      <h2 id="create-heading" className="sr-only">
        {t('create')}
      </h2>
      <form action={createPayinAction} className="space-y-2 rounded-theme border border-line p-3">
        <h3 className="font-semibold">{t('createPayin')}</h3>
        {hidden}
        <label htmlFor="payin-amount" className="block text-sm font-medium">
          {t('amount')}
          <input id="payin-amount" name="amount" defaultValue="25.50" inputMode="decimal" className={field} />
        </label>
        {currencySelect('payin-currency')}
        <label htmlFor="payin-router" className="block text-sm font-medium">
          {t('router')}
          <select id="payin-router" name="routerId" className={field} defaultValue="">
            <option value="">{t('defaultRouter')}</option>
            {props.routers.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        {kyc('payin-kyc')}
        <button className={button}>{t('createPayin')}</button>
      </form>
      <form action={createPayoutAction} className="space-y-2 rounded-theme border border-line p-3">
        <h3 className="font-semibold">{t('createPayout')}</h3>
        {hidden}
        <label htmlFor="payout-value" className="block text-sm font-medium">
          {t('value')}
          <input id="payout-value" name="value" defaultValue="15" inputMode="decimal" className={field} />
        </label>
        {currencySelect('payout-currency')}
        {kyc('payout-kyc')}
        <button className={button}>{t('createPayout')}</button>
      </form>
      <form action={createSessionAction} className="space-y-2 rounded-theme border border-line p-3">
        <h3 className="font-semibold">{t('createSession')}</h3>
        {hidden}
        {currencySelect('session-currency')}
        <label htmlFor="session-balance" className="block text-sm font-medium">
          {t('balance')}
          <input id="session-balance" name="balance" defaultValue="100" inputMode="decimal" className={field} />
        </label>
        {kyc('session-kyc')}
        <button className={button}>{t('createSession')}</button>
      </form>
      <form action={createH2hAction} className="space-y-2 rounded-theme border border-line p-3">
        <h3 className="font-semibold">{t('createH2h')}</h3>
        {hidden}
        <label htmlFor="h2h-amount" className="block text-sm font-medium">
          {t('amount')}
          <input id="h2h-amount" name="amount" defaultValue="49.99" inputMode="decimal" className={field} />
        </label>
        {currencySelect('h2h-currency')}
        <label htmlFor="h2h-card" className="block text-sm font-medium">
          {t('testCard')}
          <select id="h2h-card" name="testCard" className={field}>
            {TEST_CARD_NUMBERS.map((c) => (
              <option key={c} value={c}>
                {c.replace(/(\d{4})(?=\d)/g, '$1 ')}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor="h2h-hook" className="block text-sm font-medium">
          {t('hookUrl')}
          <input id="h2h-hook" name="hookUrl" defaultValue={overview.webhookUrl ?? 'http://127.0.0.1:9/hook'} className={field} />
        </label>
        <button className={button}>{t('createH2h')}</button>
      </form>
    </section>
  );
}
