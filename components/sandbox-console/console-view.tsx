/**
 * The sandbox console's page: merchant picker, creation forms, the merchant's recent
 * transactions with their actions, webhook settings and deliveries, and the embedding panel.
 * Forms post to server actions and work without JavaScript; only the message log is a client
 * component.
 */
import { getLocale, getTranslations } from 'next-intl/server';
import type { consoleOverview } from '@/lib/sandbox/pages/console-data';
import {
  confirmPayoutAction,
  createH2hAction,
  createPayinAction,
  createPayoutAction,
  createSessionAction,
  expireSessionAction,
  refundAction,
  rejectPayoutAction,
  resendDeliveryAction,
  setWebhookUrlAction,
  updateBalanceAction,
  updateThemeAction,
} from '@/lib/sandbox/pages/console-actions';
import { LOCALES } from '@/lib/i18n/locales';
import { COLOR_SCHEMES, FONT_FAMILIES } from '@/lib/theme/theme';
import { TEST_CARD_NUMBERS } from '@/lib/sandbox/core/test-cards';
import { payinActions, payoutActions } from '@/lib/sandbox/core/transitions';
import { EmbedPanel } from './embed-panel';

type Overview = Awaited<ReturnType<typeof consoleOverview>>;

export interface ConsoleViewProps {
  token: string;
  merchants: { token: string; name: string }[];
  currencies: string[];
  routers: string[];
  overview: Overview;
  notice: string;
  noticeValues: { created: string; detail: string };
  /** A hosted page to show embedded on the second origin, or ''. */
  embed: string;
  checkoutOrigin: string;
  hostOrigin: string;
  /** Panels shown after the webhooks (the CSP reports). */
  children?: React.ReactNode;
}

const NOTICES = ['payinCreated', 'payoutCreated', 'sessionCreated', 'h2hCreated', 'payoutConfirmed', 'payoutRejected', 'balanceUpdated', 'refunded', 'webhookSaved', 'sessionExpired', 'themeSaved', 'resent', 'failed'] as const;

const field = 'mt-1 block w-full rounded-theme border border-control px-2 py-1.5';
const button = 'rounded-theme bg-primary px-3 py-1.5 font-semibold text-on-primary hover:bg-primary-strong';
const small = 'rounded-theme border border-primary px-2 py-1 text-sm text-primary hover:bg-primary-soft';

export async function ConsoleView(props: ConsoleViewProps) {
  const t = await getTranslations('console');
  const languageNames = new Intl.DisplayNames([await getLocale()], { type: 'language' });
  const { token, overview } = props;
  const hidden = <input type="hidden" name="token" value={token} />;
  const consoleHref = (extra: Record<string, string>) => `/sandbox?${new URLSearchParams({ token, ...extra }).toString()}`;
  const notice = (NOTICES as readonly string[]).includes(props.notice) ? t(`notices.${props.notice as (typeof NOTICES)[number]}`, props.noticeValues) : null;

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
    <main className="mx-auto max-w-6xl space-y-8 px-4 py-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p>{t('intro')}</p>
        <nav aria-label={t('useToken')} className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium">{t('useToken')}</span>
          {props.merchants.map((m) => (
            <a key={m.token} href={`/sandbox?token=${encodeURIComponent(m.token)}`} aria-current={m.token === token ? 'page' : undefined} className={m.token === token ? button : small}>
              {m.name}
            </a>
          ))}
          <span className="text-sm text-fg-muted">{t('tokenHint', { token })}</span>
        </nav>
        {notice ? (
          <p role="status" className="rounded-theme border border-control bg-surface p-2">
            {notice}
          </p>
        ) : null}
      </header>

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

      {props.embed ? (
        <section aria-labelledby="embed-heading" className="rounded-theme border border-primary p-3">
          <div className="flex items-center justify-between">
            <h2 id="embed-heading" className="text-lg font-semibold">
              {t('embedTitle')}
            </h2>
            <a href={consoleHref({})} className={small}>
              {t('close')}
            </a>
          </div>
          <p className="text-sm">{t('embedIntro', { origin: props.hostOrigin })}</p>
          <EmbedPanel
            hostOrigin={props.hostOrigin}
            hostUrl={`${props.hostOrigin}/sandbox/embed?src=${encodeURIComponent(props.embed)}`}
            frameTitle={t('embedFrameTitle')}
            heading={t('messages')}
            empty={t('noMessages')}
          />
        </section>
      ) : null}

      <section aria-labelledby="payins-heading">
        <h2 id="payins-heading" className="text-lg font-semibold">
          {t('payins')}
        </h2>
        {overview.payins.length === 0 ? (
          <p>{t('none')}</p>
        ) : (
          <table className="mt-2 w-full text-start text-sm">
            <thead>
              <tr>
                <th scope="col">{t('id')}</th>
                <th scope="col">{t('amount')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col">{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {overview.payins.map((p) => {
                const card = `${props.checkoutOrigin}/payments/payin/${p.id}/card`;
                return (
                  <tr key={p.id} data-payin={p.id} className="border-t border-line align-top">
                    <td className="py-1 font-mono">{p.id}</td>
                    <td>
                      {p.amount} {p.currency}
                    </td>
                    <td data-testid="status">{p.status}</td>
                    <td className="flex flex-wrap gap-2 py-1">
                      {p.kind === 'payin' ? (
                        <>
                          <a className={small} href={card}>
                            {t('open')}
                          </a>
                          <a className={small} href={consoleHref({ embed: card })}>
                            {t('embed')}
                          </a>
                        </>
                      ) : null}
                      {payinActions(p.status).refund ? (
                        <form action={refundAction} className="flex items-end gap-1">
                          {hidden}
                          <input type="hidden" name="payinId" value={p.id} />
                          <label htmlFor={`refund-${p.id}`} className="text-xs">
                            {t('refundAmount')}
                            <input id={`refund-${p.id}`} name="amount" inputMode="decimal" className="block w-24 rounded-theme border border-control px-1" />
                          </label>
                          <button className={small}>{t('refund')}</button>
                        </form>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="payouts-heading">
        <h2 id="payouts-heading" className="text-lg font-semibold">
          {t('payouts')}
        </h2>
        {overview.payouts.length === 0 ? (
          <p>{t('none')}</p>
        ) : (
          <table className="mt-2 w-full text-start text-sm">
            <thead>
              <tr>
                <th scope="col">{t('id')}</th>
                <th scope="col">{t('value')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col">{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {overview.payouts.map((p) => (
                <tr key={p.id} data-payout={p.id} className="border-t border-line">
                  <td className="py-1 font-mono">{p.id}</td>
                  <td>
                    {p.value} {p.currency}
                  </td>
                  <td data-testid="status">{p.status}</td>
                  <td className="flex flex-wrap gap-2 py-1">
                    <a className={small} href={`${props.checkoutOrigin}/payments/payout/${p.id}/card`}>
                      {t('open')}
                    </a>
                    {payoutActions(p.status).confirm ? (
                      <form action={confirmPayoutAction}>
                        {hidden}
                        <input type="hidden" name="payoutId" value={p.id} />
                        <button className={small}>{t('confirm')}</button>
                      </form>
                    ) : null}
                    {payoutActions(p.status).reject ? (
                      <form action={rejectPayoutAction}>
                        {hidden}
                        <input type="hidden" name="payoutId" value={p.id} />
                        <button className={small}>{t('reject')}</button>
                      </form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="text-lg font-semibold">
          {t('sessions')}
        </h2>
        {overview.sessions.length === 0 ? (
          <p>{t('none')}</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {overview.sessions.map((s) => (
              <li key={s.id} data-session={s.id} className="flex flex-wrap items-end gap-3 text-sm">
                <a className="font-mono text-primary underline" href={`${props.checkoutOrigin}/cashier/${s.id}`}>
                  {s.id}
                </a>
                <span data-testid="balance">
                  {s.balance ?? '–'} {s.currency}
                </span>
                {s.expired ? <span>{t('expired')}</span> : null}
                <form action={updateBalanceAction} className="flex items-end gap-1">
                  {hidden}
                  <input type="hidden" name="sessionId" value={s.id} />
                  <label htmlFor={`balance-${s.id}`} className="text-xs">
                    {t('newBalance', { session: s.id })}
                    <input id={`balance-${s.id}`} name="balance" inputMode="decimal" className="block w-28 rounded-theme border border-control px-1" />
                  </label>
                  <button className={small}>{t('setBalance')}</button>
                </form>
                {s.expired ? null : (
                  <form action={expireSessionAction}>
                    {hidden}
                    <input type="hidden" name="sessionId" value={s.id} />
                    <button className={small} aria-label={t('expireSession', { session: s.id })}>
                      {t('expire')}
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="theme-heading" className="space-y-3">
        <h2 id="theme-heading" className="text-lg font-semibold">
          {t('themeHeading')}
        </h2>
        <p className="text-sm text-fg-muted">{t('themeIntro')}</p>
        <form action={updateThemeAction} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {hidden}
          <label htmlFor="theme-primary" className="block text-sm font-medium">
            {t('primaryColor')}
            <input id="theme-primary" name="primaryColor" type="color" defaultValue={overview.theme.primaryColor ?? '#4338ca'} className={`${field} h-11`} />
          </label>
          <label htmlFor="theme-radius" className="block text-sm font-medium">
            {t('radius')}
            <input id="theme-radius" name="radius" type="number" min={0} max={32} step={1} defaultValue={overview.theme.radius ?? 8} className={field} />
          </label>
          <label htmlFor="theme-font" className="block text-sm font-medium">
            {t('fontFamily')}
            <select id="theme-font" name="fontFamily" defaultValue={overview.theme.fontFamily ?? 'system'} className={field}>
              {FONT_FAMILIES.map((font) => (
                <option key={font}>{font}</option>
              ))}
            </select>
          </label>
          <label htmlFor="theme-scheme" className="block text-sm font-medium">
            {t('colorScheme')}
            <select id="theme-scheme" name="colorScheme" defaultValue={overview.theme.colorScheme ?? 'light'} className={field}>
              {COLOR_SCHEMES.map((scheme) => (
                <option key={scheme}>{scheme}</option>
              ))}
            </select>
          </label>
          <label htmlFor="theme-locale" className="block text-sm font-medium">
            {t('defaultLocale')}
            <select id="theme-locale" name="defaultLocale" defaultValue={overview.theme.defaultLocale} className={field}>
              <option value="">{t('noDefaultLocale')}</option>
              {LOCALES.map((tag) => (
                <option key={tag} value={tag}>
                  {languageNames.of(tag)} ({tag})
                </option>
              ))}
            </select>
          </label>
          <label htmlFor="theme-logo" className="block text-sm font-medium">
            {t('logoUrl')}
            <input id="theme-logo" name="logoUrl" type="text" defaultValue={overview.theme.logoUrl} className={field} />
          </label>
          <div>
            <button className={button}>{t('saveTheme')}</button>
          </div>
        </form>
      </section>

      <section aria-labelledby="webhooks-heading" className="space-y-3">
        <h2 id="webhooks-heading" className="text-lg font-semibold">
          {t('webhooks')}
        </h2>
        <form action={setWebhookUrlAction} className="flex flex-wrap items-end gap-2">
          {hidden}
          <label htmlFor="webhook-url" className="block text-sm font-medium">
            {t('webhookUrl')}
            <input id="webhook-url" name="webhookUrl" defaultValue={overview.webhookUrl ?? ''} className={`${field} min-w-80`} />
          </label>
          <button className={button}>{t('save')}</button>
        </form>
        <p className="text-sm break-all text-fg-muted">{t('webhookSecret', { secret: overview.webhookSecret })}</p>
        <p className="text-sm text-fg-muted">{t('standardWebhooks')}</p>
        <h3 className="font-semibold">{t('deliveries')}</h3>
        {overview.deliveries.length === 0 ? (
          <p>{t('none')}</p>
        ) : (
          <table className="w-full text-start text-sm">
            <thead>
              <tr>
                <th scope="col">{t('event')}</th>
                <th scope="col">{t('transaction')}</th>
                <th scope="col">{t('attempts')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col">
                  <span className="sr-only">{t('resend')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {overview.deliveries.map((d) => (
                <tr key={d.id} data-delivery={d.transactionId} className="border-t border-line align-top">
                  <td className="py-1">
                    <details>
                      <summary>
                        {d.kind} {d.eventType}
                      </summary>
                      <pre className="max-w-xl overflow-auto text-xs whitespace-pre-wrap">{d.body}</pre>
                    </details>
                  </td>
                  <td className="font-mono">{d.transactionId}</td>
                  <td>{d.attempts.join(', ')}</td>
                  <td>{d.delivered ? t('delivered') : t('pending')}</td>
                  <td>
                    <form action={resendDeliveryAction}>
                      {hidden}
                      <input type="hidden" name="deliveryId" value={d.id} />
                      <button className="underline" aria-label={t('resendDelivery', { id: d.id })}>
                        {t('resend')}
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {props.children}
    </main>
  );
}
