'use client';
/**
 * While a Pay N Play player's details are checked, reads the page again every `intervalMs`, so
 * the cashier goes on by itself once the merchant has decided; without JavaScript the page's
 * "Check again" link does the same.
 */
import { useEffect } from 'react';
import { useRouter } from 'next/navigation';

export function PayNPlayRefresh({ intervalMs = 2000 }: { intervalMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), intervalMs);
    return () => clearInterval(timer);
  }, [router, intervalMs]);
  return null;
}
