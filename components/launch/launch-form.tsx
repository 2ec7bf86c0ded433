import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';

/**
 * The page an address with a launch secret shows (docs/design.md, E22; lib/checkout/shared/holding.ts):
 * a form that spends the secret by a POST to /api/launch. With JavaScript it posts at once,
 * after taking the secret out of the address bar and the history; without, the customer presses
 * Continue. A GET alone (a link scanner, a chat preview) spends nothing. `path` is the page to
 * open (the cashier, the widget, a payout's card or APM page), `query` the address's other
 * parameters, kept (`launchQuery`).
 */
export async function LaunchForm({
  path,
  launch,
  query,
  compact = false,
}: {
  path: string;
  launch: string;
  query: Record<string, string>;
  compact?: boolean;
}) {
  const t = await getTranslations('binding');
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  // Spent at once: the post answers 303 to the page without it (a spent secret in the history opens nothing).
  const script = `document.getElementById('launch-form').submit();`;
  return (
    <main className={compact ? 'p-3' : 'mx-auto max-w-md px-4 py-8'}>
      <meta name="referrer" content="strict-origin" />
      <form id="launch-form" method="post" action="/api/launch" className="space-y-3">
        <h1 className="text-xl font-semibold">{t('launchHeading')}</h1>
        <p>{t('launchBody')}</p>
        <input type="hidden" name="path" value={path} />
        <input type="hidden" name="launch" value={launch} />
        {Object.entries(query).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="min-h-11 rounded-theme bg-primary px-4 py-2 font-semibold text-on-primary">
          {t('launchContinue')}
        </button>
      </form>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
    </main>
  );
}

/** The parameters of a launch address the page keeps (locale, tab…): at most 8 short ones, never `launch`. */
export function launchQuery(search: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(search)
      .filter(
        (entry): entry is [string, string] =>
          entry[0] !== 'launch' && /^[A-Za-z]{1,16}$/.test(entry[0]) && typeof entry[1] === 'string' && entry[1].length <= 200,
      )
      .slice(0, 8),
  );
}
