import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { EmbedHostPage } from '@sandbox/components/console/embed-host-page';
import { SHOP_LAUNCH_PATH, shopCustomerSession } from '@sandbox/service/pages/demo-shop';
import { checkoutUrl, sandboxEnabled } from '@hosted-checkout/runtime/config';

/**
 * /sandbox/shop: the demo shop's account page (packages/sandbox/service/pages/demo-shop.ts), served
 * on the checkout's twin origin as a merchant's site would be. For its logged-in customer it frames
 * its own launch redirect, never a launch address; without the login it says how to log in.
 */
export default async function ShopPage() {
  if (!sandboxEnabled()) notFound();
  const t = await getSandboxTranslations('embedHost');
  const loggedIn = (await shopCustomerSession((await headers()).get('cookie'))) !== null;
  const checkoutOrigin = new URL(checkoutUrl()).origin;
  return <EmbedHostPage src={loggedIn ? SHOP_LAUNCH_PATH : null} checkoutOrigin={checkoutOrigin} fallback={t('loggedOut')} />;
}
