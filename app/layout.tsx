import type { Metadata, Viewport } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { TestModeBadge } from '@/components/frame/test-mode-badge';
import { directionOf } from '@hosted-checkout/contract/locales';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('title'), robots: { index: false, follow: false } };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body className="bg-page text-fg antialiased">
        <TestModeBadge />
        {children}
      </body>
    </html>
  );
}
