/**
 * The sandbox console's page: merchant picker, creation forms, the merchant's recent
 * transactions with their actions, webhook settings and deliveries, and the embedding panel.
 * Forms post to server actions and work without JavaScript; only the message log is a client
 * component.
 */
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import type { consoleOverview } from '@sandbox/service/pages/console-data';
import { EmbedPanel } from './embed-panel';
import { button, consoleHrefFor, small } from './console-styles';
import { CreatePanel } from './console-create-panel';
import { PayinsPanel } from './console-payins-panel';
import { PayoutsPanel } from './console-payouts-panel';
import { SessionsPanel } from './console-sessions-panel';
import { ThemePanel } from './console-theme-panel';
import { WebhooksPanel } from './console-webhooks-panel';

type Overview = Awaited<ReturnType<typeof consoleOverview>>;

interface ConsoleViewProps {
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

const NOTICES = [
  'payinCreated',
  'payoutCreated',
  'sessionCreated',
  'h2hCreated',
  'payoutConfirmed',
  'payoutRejected',
  'balanceUpdated',
  'refunded',
  'webhookSaved',
  'sessionExpired',
  'themeSaved',
  'resent',
  'failed',
] as const;

export async function ConsoleView(props: ConsoleViewProps) {
  const t = await getSandboxTranslations('console');
  const { token } = props;
  const consoleHref = (extra: Record<string, string>) => consoleHrefFor(token, extra);
  const notice = (NOTICES as readonly string[]).includes(props.notice)
    ? t(`notices.${props.notice as (typeof NOTICES)[number]}`, props.noticeValues)
    : null;

  return (
    <main className="mx-auto max-w-6xl space-y-8 px-4 py-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p>{t('intro')}</p>
        <nav aria-label={t('useToken')} className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium">{t('useToken')}</span>
          {props.merchants.map((m) => (
            <a
              key={m.token}
              href={`/sandbox?token=${encodeURIComponent(m.token)}`}
              aria-current={m.token === token ? 'page' : undefined}
              className={m.token === token ? button : small}
            >
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

      <CreatePanel {...props} />

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

      <PayinsPanel {...props} />

      <PayoutsPanel {...props} />

      <SessionsPanel {...props} />

      <ThemePanel {...props} />

      <WebhooksPanel {...props} />
      {props.children}
    </main>
  );
}
