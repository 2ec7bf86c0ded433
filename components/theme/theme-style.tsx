/**
 * The merchant's theme on a hosted page: its CSS custom properties (packages/contract/src/theme/theme.ts) in a
 * style element carrying the request's CSP nonce, and the merchant's logo.
 */
import { headers } from 'next/headers';
import type { CheckoutSettings } from '@hosted-checkout/contract/merchant';
import { themeCss, usableLogoUrl } from '@hosted-checkout/contract/theme/theme';
import { ThemeStyleElement } from './theme-style-element';

export async function ThemeStyle({ theme }: { theme: CheckoutSettings['theme'] | undefined }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  // themeCss emits only parsed colours, clamped numbers and safe-list font stacks.
  return <ThemeStyleElement css={themeCss(theme)} nonce={nonce} />;
}

/** The merchant's logo, decorative: the merchant's name is always written next to it. */
export function MerchantLogo({ logoUrl, className }: { logoUrl: string | undefined; className: string }) {
  const src = usableLogoUrl(logoUrl);
  return src ? (
    // eslint-disable-next-line @next/next/no-img-element -- a merchant's logo from any https host or a data: URL; next/image optimizes only configured hosts
    <img src={src} alt="" className={className} />
  ) : null;
}
