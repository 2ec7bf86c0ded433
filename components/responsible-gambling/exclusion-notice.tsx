/**
 * The notice of a time-out or self-exclusion the merchant recorded (deposits closed, with its
 * end; withdrawals open), and the help links every responsible gambling part shows.
 */
import { getTranslations } from 'next-intl/server';
import type { ResponsibleGambling } from '@hosted-checkout/contract/responsible-gambling/schemas';
import { dateText, type ResponsibleGamblingMessages } from './panel-text';
import { PanelSection } from './panel-section';

/** Help: the regulator's help line, the self-exclusion scheme when it is another, the merchant's own page. */
export function HelpLinks({ g, rg, merchantUrl }: { g: ResponsibleGamblingMessages; rg: ResponsibleGambling; merchantUrl?: string }) {
  const link = 'text-primary underline';
  return (
    <ul className="space-y-1 text-sm">
      <li>
        <a href={rg.help.url} target="_blank" rel="noopener noreferrer" className={link}>
          {g('helpLink', { name: rg.help.name })}
        </a>
      </li>
      {rg.selfExclusionScheme.url !== rg.help.url ? (
        <li>
          <a href={rg.selfExclusionScheme.url} target="_blank" rel="noopener noreferrer" className={link}>
            {g('schemeLink', { name: rg.selfExclusionScheme.name })}
          </a>
        </li>
      ) : null}
      {merchantUrl ? (
        <li>
          <a href={merchantUrl} target="_blank" rel="noopener noreferrer" className={link}>
            {g('heading')}
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/** A time-out or self-exclusion: deposits closed (said, with its end), withdrawals open, help. */
export async function ExclusionNotice({ rg, locale }: { rg: ResponsibleGambling; locale: string }) {
  const exclusion = rg.exclusion;
  if (!exclusion) return null;
  const g = await getTranslations('responsibleGambling');
  const until = exclusion.until ? dateText(exclusion.until, locale) : null;
  const sentence =
    exclusion.kind === 'TIME_OUT'
      ? g('excludedTimeOut', { date: until ?? '' })
      : until
        ? g('excludedSelfUntil', { date: until })
        : g('excludedSelf');
  return (
    <PanelSection
      role="alert"
      headingId="excluded-heading"
      heading={g('excludedHeading')}
      className="space-y-2 rounded-theme border border-danger p-4"
      testId="excluded"
    >
      <p>{sentence}</p>
      <p>{g('withdrawalsOpen')}</p>
      <HelpLinks g={g} rg={rg} />
    </PanelSection>
  );
}

/**
 * A national self-exclusion register (ROFUS, SIGAP) refuses deposits: the customer is on it (with
 * the end of a temporary exclusion), or the merchant has not given the id it is queried by (CPR,
 * CPF). Withdrawals stay open; the register's own page is linked beside the help line.
 */
export async function NationalRegisterNotice({ rg, locale }: { rg: ResponsibleGambling; locale: string }) {
  const register = rg.nationalRegister;
  if (!register) return null;
  const g = await getTranslations('responsibleGambling');
  const excluded = register.status === 'EXCLUDED';
  const sentence = !excluded
    ? g('identityNeeded', { idType: register.idType, register: register.register })
    : register.until
      ? g('registerExcludedUntil', { register: register.register, date: dateText(register.until, locale) })
      : g('registerExcluded', { register: register.register });
  return (
    <PanelSection
      role="alert"
      headingId="register-heading"
      heading={excluded ? g('excludedHeading') : g('identityHeading', { idType: register.idType })}
      className="space-y-2 rounded-theme border border-danger p-4"
      testId={excluded ? 'register-excluded' : 'register-identity'}
    >
      <p>{sentence}</p>
      <p>{g('withdrawalsOpen')}</p>
      <HelpLinks g={g} rg={{ ...rg, selfExclusionScheme: register.scheme }} />
    </PanelSection>
  );
}
