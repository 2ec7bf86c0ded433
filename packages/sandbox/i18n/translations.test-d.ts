/**
 * Type test of the sandbox's typed catalogues (translations.ts), checked by `tsc` and never run:
 * a key its en catalogue does not have, in the namespace asked, fails the type check; should the
 * typing be lost, each `@ts-expect-error` below is unused and fails `tsc` instead.
 */
import type { getSandboxTranslations } from './translations';

declare const acs: Awaited<ReturnType<typeof getSandboxTranslations<'acs'>>>;

acs('pass');
acs('intro', { merchant: 'Demo Shop', amount: '€25.00', card: '400000••••3220' });

// @ts-expect-error: a misspelled key
acs('passs');
// @ts-expect-error: a key of another namespace of the sandbox
acs('heading.console');
