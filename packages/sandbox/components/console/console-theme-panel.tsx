/** The sandbox console's theme panel (console-view.tsx). */
import { getLocale } from 'next-intl/server';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { updateThemeAction } from '@sandbox/service/pages/console-store-actions';
import { LOCALES } from '@hosted-checkout/contract/locales';
import { COLOR_SCHEMES, FONT_FAMILIES } from '@hosted-checkout/contract/theme/theme';
import { button, field, type PanelProps } from './console-styles';
import { ConsoleInput, ConsoleSelect, ConsoleToggle } from './console-fields';

/** The gambling licences a merchant may hold, by the regulator's own name (not translated). */
const LICENCES = [
  ['UKGC', 'UK Gambling Commission'],
  ['AGCO', 'AGCO (Ontario)'],
  ['MGA', 'Malta Gaming Authority'],
  ['SPELINSPEKTIONEN', 'Spelinspektionen'],
  ['GGL', 'GGL'],
] as const;

/** The wallets a merchant may offer, with their names (the sandbox wallet's is translated). */
const WALLETS = [
  ['SANDBOX_WALLET', 'sandbox'],
  ['GOOGLE_PAY', 'Google Pay'],
  ['APPLE_PAY', 'Apple Pay'],
] as const;

export async function ThemePanel(props: PanelProps) {
  const t = await getSandboxTranslations('console');
  const w = await getSandboxTranslations('sandboxWallet');
  const { token, overview } = props;
  const languageNames = new Intl.DisplayNames([await getLocale()], { type: 'language' });
  const hidden = <input type="hidden" name="token" value={token} />;
  return (
    <section aria-labelledby="theme-heading" className="space-y-3">
      <h2 id="theme-heading" className="text-lg font-semibold">
        {t('themeHeading')}
      </h2>
      <p className="text-sm text-fg-muted">{t('themeIntro')}</p>
      <form action={updateThemeAction} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {hidden}
        <ConsoleInput
          id="theme-primary"
          label={t('primaryColor')}
          name="primaryColor"
          type="color"
          defaultValue={overview.theme.primaryColor ?? '#4338ca'}
          className={`${field} h-11`}
        />
        <ConsoleInput
          id="theme-radius"
          label={t('radius')}
          name="radius"
          type="number"
          min={0}
          max={32}
          step={1}
          defaultValue={overview.theme.radius ?? 8}
        />
        <ConsoleSelect id="theme-font" label={t('fontFamily')} name="fontFamily" defaultValue={overview.theme.fontFamily ?? 'system'}>
          {FONT_FAMILIES.map((font) => (
            <option key={font}>{font}</option>
          ))}
        </ConsoleSelect>
        <ConsoleSelect id="theme-scheme" label={t('colorScheme')} name="colorScheme" defaultValue={overview.theme.colorScheme ?? 'light'}>
          {COLOR_SCHEMES.map((scheme) => (
            <option key={scheme}>{scheme}</option>
          ))}
        </ConsoleSelect>
        <ConsoleSelect id="theme-locale" label={t('defaultLocale')} name="defaultLocale" defaultValue={overview.theme.defaultLocale}>
          <option value="">{t('noDefaultLocale')}</option>
          {LOCALES.map((tag) => (
            <option key={tag} value={tag}>
              {languageNames.of(tag)} ({tag})
            </option>
          ))}
        </ConsoleSelect>
        <ConsoleInput id="theme-logo" label={t('logoUrl')} name="logoUrl" type="text" defaultValue={overview.theme.logoUrl} />
        <fieldset className="sm:col-span-2 lg:col-span-3">
          <legend className="text-sm font-medium">{t('wallets')}</legend>
          <p className="text-xs text-fg-muted">{t('walletsHint')}</p>
          <div className="mt-1 flex flex-wrap gap-4">
            {WALLETS.map(([value, name]) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="wallets" value={value} defaultChecked={overview.wallets.includes(value)} className="size-5" />
                {name === 'sandbox' ? w('title') : name}
              </label>
            ))}
          </div>
          <a href="/sandbox/wallet/pay" className="mt-1 inline-block text-sm underline">
            {t('openWallet')}
          </a>
        </fieldset>
        <fieldset className="sm:col-span-2 lg:col-span-3">
          <legend className="text-sm font-medium">{t('licences')}</legend>
          <p className="text-xs text-fg-muted">{t('licencesHint')}</p>
          <div className="mt-1 flex flex-wrap gap-4">
            {LICENCES.map(([value, name]) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="licences"
                  value={value}
                  defaultChecked={overview.licences.includes(value)}
                  className="size-5"
                />
                {name}
              </label>
            ))}
          </div>
        </fieldset>
        <ConsoleToggle
          legend={t('bankWithdrawals')}
          hint={t('bankWithdrawalsHint')}
          hintId="theme-bank-hint"
          name="bankWithdrawalOtherAccounts"
          checked={overview.bankWithdrawalOtherAccounts}
          label={t('bankWithdrawalOtherAccounts')}
        />
        <ConsoleToggle
          legend={t('payNPlay')}
          hint={t('payNPlayHint')}
          hintId="theme-pnp-hint"
          name="payNPlayAutoDecide"
          checked={overview.payNPlayAutoDecide}
          label={t('payNPlayAutoDecide')}
        />
        <div>
          <button className={button}>{t('saveSettings')}</button>
        </div>
      </form>
    </section>
  );
}
