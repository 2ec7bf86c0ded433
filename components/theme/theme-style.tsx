/**
 * The merchant's theme on a hosted page: its CSS custom properties (lib/theme/theme.ts) in a
 * style element carrying the request's CSP nonce, and the merchant's logo.
 */
import { createHash } from 'node:crypto';
import { headers } from 'next/headers';
import type { CheckoutSettings } from '@/lib/contract/merchant';
import { themeCss, usableLogoUrl } from '@/lib/theme/theme';

export async function ThemeStyle({ theme }: { theme: CheckoutSettings['theme'] | undefined }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  // themeCss emits only parsed colours, clamped numbers and safe-list font stacks.
  const css = themeCss(theme);
  // A hoisted style React keeps once per `href`: a page fetched again by a client navigation (a
  // server action's redirect) brings a new nonce, and React reuses the style already in the
  // document instead of inserting a copy the document's CSP (the first nonce) would block.
  return (
    <style href={`theme-${createHash('sha256').update(css).digest('hex').slice(0, 16)}`} precedence="theme" nonce={nonce}>
      {css}
    </style>
  );
}

/** The merchant's logo, decorative: the merchant's name is always written next to it. */
export function MerchantLogo({ logoUrl, className }: { logoUrl: string | undefined; className: string }) {
  const src = usableLogoUrl(logoUrl);
  // A plain <img>: a merchant's remote or inline logo, not an asset next/image could optimize.
  return src ? <img src={src} alt="" className={className} /> : null;
}
