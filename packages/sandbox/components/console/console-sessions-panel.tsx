/** The sandbox console's sessions panel (console-view.tsx). */
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { launchAction, updateBalanceAction } from '@sandbox/service/pages/console-actions';
import { expireSessionAction } from '@sandbox/service/pages/console-store-actions';
import { small, type PanelProps } from './console-styles';

export async function SessionsPanel(props: PanelProps) {
  const t = await getSandboxTranslations('console');
  const { token, overview } = props;
  const hidden = <input type="hidden" name="token" value={token} />;
  return (
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
              <span className="font-mono">{s.id}</span>
              {s.expired ? null : (
                // A session opens by a new launch address each time: the id alone opens nothing.
                <form action={launchAction} className="flex gap-1">
                  {hidden}
                  <input type="hidden" name="sessionId" value={s.id} />
                  <button className={small} name="view" value="cashier">
                    {t('open')}
                  </button>
                  <button className={small} name="view" value="widget">
                    {t('openWidget')}
                  </button>
                  <input type="hidden" name="embed" value="0" />
                </form>
              )}
              {s.expired ? null : (
                <form action={launchAction}>
                  {hidden}
                  <input type="hidden" name="sessionId" value={s.id} />
                  <input type="hidden" name="view" value="widget" />
                  <input type="hidden" name="embed" value="1" />
                  <button className={small} aria-label={t('embedWidget', { session: s.id })}>
                    {t('embed')}
                  </button>
                </form>
              )}
              <span data-testid="balance">
                {s.balance ?? '–'} {s.currency}
              </span>
              {s.expired ? <span>{t('expired')}</span> : null}
              <form action={updateBalanceAction} className="flex items-end gap-1">
                {hidden}
                <input type="hidden" name="sessionId" value={s.id} />
                <label htmlFor={`balance-${s.id}`} className="text-xs">
                  {t('newBalance', { session: s.id })}
                  <input
                    id={`balance-${s.id}`}
                    name="balance"
                    inputMode="decimal"
                    className="block w-28 rounded-theme border border-control px-1"
                  />
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
  );
}
