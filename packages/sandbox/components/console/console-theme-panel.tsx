/** The sandbox console's theme panel (console-view.tsx). */
import { getLocale } from 'next-intl/server';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { updateThemeAction } from '@sandbox/service/pages/console-store-actions';
import { LOCALES } from '@hosted-checkout/contract/locales';
import { COLOR_SCHEMES, FONT_FAMILIES } from '@hosted-checkout/contract/theme/theme';
import { button, field, type PanelProps } from './console-styles';
import { ConsoleChecks, ConsoleInput, ConsoleSelect, ConsoleToggle } from './console-fields';
import { ConsolePanel, TokenForm } from './panel';

/** The gambling licences a merchant may hold, by the regulator's own name (not translated). */
const LICENCES = [
  ['UKGC', 'UK Gambling Commission'],
  ['AGCO', 'AGCO (Ontario)'],
  ['MGA', 'Malta Gaming Authority'],
  ['SPELINSPEKTIONEN', 'Spelinspektionen'],
  ['GGL', 'GGL'],
  ['KSA', 'Kansspelautoriteit'],
  ['SPILLEMYNDIGHEDEN', 'Spillemyndigheden'],
  ['SPA_MF', 'SPA/MF (Brasil)'],
] as const;

/** The wallets a merchant may offer, with their names (the sandbox wallet's is translated). */
const WALLETS = [
  ['SANDBOX_WALLET', 'sandbox'],
  ['GOOGLE_PAY', 'Google Pay'],
  ['APPLE_PAY', 'Apple Pay'],
] as const;

/** The merchant's switches: legend and hint keys, the hint's id, and the setting (its name and label key). */
const TOGGLES = [
  ['bankWithdrawals', 'bankWithdrawalsHint', 'theme-bank-hint', 'bankWithdrawalOtherAccounts'],
  ['payNPlay', 'payNPlayHint', 'theme-pnp-hint', 'payNPlayAutoDecide'],
] as const;

export async function ThemePanel(props: PanelProps) {
  const t = await getSandboxTranslations('console');
  const w = await getSandboxTranslations('sandboxWallet');
  const { token, overview } = props;
  const languageNames = new Intl.DisplayNames([await getLocale()], { type: 'language' });
  return (
    <ConsolePanel headingId="theme-heading" title={t('themeHeading')} className="space-y-3">
      <p className="text-sm text-fg-muted">{t('themeIntro')}</p>
      <TokenForm action={updateThemeAction} token={token} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
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
        <ConsoleChecks
          legend={t('wallets')}
          hint={t('walletsHint')}
          name="wallets"
          options={WALLETS.map(([value, name]) => [value, name === 'sandbox' ? w('title') : name])}
          checked={overview.wallets}
        >
          <a href="/sandbox/wallet/pay" className="mt-1 inline-block text-sm underline">
            {t('openWallet')}
          </a>
        </ConsoleChecks>
        <ConsoleChecks legend={t('licences')} hint={t('licencesHint')} name="licences" options={LICENCES} checked={overview.licences} />
        {TOGGLES.map(([legend, hint, hintId, name]) => (
          <ConsoleToggle
            key={name}
            legend={t(legend)}
            hint={t(hint)}
            hintId={hintId}
            name={name}
            checked={overview[name]}
            label={t(name)}
          />
        ))}
        <div>
          <button className={button}>{t('saveSettings')}</button>
        </div>
      </TokenForm>
    </ConsolePanel>
  );
}
