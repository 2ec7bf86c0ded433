/** The sandbox console's sessions panel (console-view.tsx). */
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { launchAction, updateBalanceAction } from '@sandbox/service/pages/console-actions';
import { expireSessionAction } from '@sandbox/service/pages/console-store-actions';
import { small, type PanelProps } from './console-styles';
import { ConsoleAmountForm, ConsolePanel, TokenForm } from './panel';

export async function SessionsPanel(props: PanelProps) {
  const t = await getSandboxTranslations('console');
  const { token, overview } = props;
  return (
    <ConsolePanel headingId="sessions-heading" title={t('sessions')}>
      {overview.sessions.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {overview.sessions.map((s) => (
            <li key={s.id} data-session={s.id} className="flex flex-wrap items-end gap-3 text-sm">
              <span className="font-mono">{s.id}</span>
              {s.expired ? null : (
                // A session opens by a new launch address each time: the id alone opens nothing.
                <TokenForm action={launchAction} token={token} name="sessionId" value={s.id} className="flex gap-1">
                  <button className={small} name="view" value="cashier">
                    {t('open')}
                  </button>
                  <button className={small} name="view" value="widget">
                    {t('openWidget')}
                  </button>
                  <input type="hidden" name="embed" value="0" />
                </TokenForm>
              )}
              {s.expired ? null : (
                <TokenForm action={launchAction} token={token} name="sessionId" value={s.id}>
                  <input type="hidden" name="view" value="widget" />
                  <input type="hidden" name="embed" value="1" />
                  <button className={small} aria-label={t('embedWidget', { session: s.id })}>
                    {t('embed')}
                  </button>
                </TokenForm>
              )}
              <span data-testid="balance">
                {s.balance ?? '–'} {s.currency}
              </span>
              {s.expired ? <span>{t('expired')}</span> : null}
              <ConsoleAmountForm
                action={updateBalanceAction}
                token={token}
                name="sessionId"
                value={s.id}
                id={`balance-${s.id}`}
                label={t('newBalance', { session: s.id })}
                field="balance"
                inputClassName="block w-28 rounded-theme border border-control px-1"
                submit={t('setBalance')}
              />
              {s.expired ? null : (
                <TokenForm action={expireSessionAction} token={token} name="sessionId" value={s.id}>
                  <button className={small} aria-label={t('expireSession', { session: s.id })}>
                    {t('expire')}
                  </button>
                </TokenForm>
              )}
            </li>
          ))}
        </ul>
      )}
    </ConsolePanel>
  );
}
