'use client';
/** The card page's BIN lookup as the number is typed (GET /public/bin/{bin}): a refused funding type, or the two brands of a co-badged card. */
import { useEffect, useState } from 'react';

export interface BinFacts {
  /** The message for a funding type the merchant refuses, or null. */
  refusal: string | null;
  /** The two brands of a co-badged card and the one it defaults to, or null. */
  coBadged: { brands: string[]; preferred: string } | null;
}

/**
 * What the BIN tells (brands and funding type), looked up (debounced, cancelled when the number changes) once the
 * first 8 digits are typed; nothing when the lookup fails (the service checks again anyway).
 */
export function useBinFacts(
  enabled: boolean,
  paymentId: string,
  digits: string,
  text: Record<'CREDIT' | 'DEBIT' | 'PREPAID', string>,
): BinFacts {
  const bin = enabled && digits.length >= 8 ? digits.slice(0, 8) : null;
  const [facts, setFacts] = useState<(BinFacts & { bin: string }) | null>(null);
  useEffect(() => {
    if (!bin) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/payments/payin/${encodeURIComponent(paymentId)}/bin`, {
        method: 'POST',
        body: JSON.stringify({ bin }),
        headers: { 'Content-Type': 'application/json' },
        signal: controller.signal,
      })
        .then(async (response) =>
          response.ok
            ? ((await response.json()) as {
                brands: string[];
                fundingType: keyof typeof text | 'UNKNOWN';
                refused: boolean;
                preferred: string;
              })
            : null,
        )
        .then((answer) =>
          setFacts(
            answer
              ? {
                  bin,
                  refusal: answer.refused && answer.fundingType !== 'UNKNOWN' ? text[answer.fundingType] : null,
                  coBadged: answer.brands.length === 2 ? { brands: answer.brands, preferred: answer.preferred } : null,
                }
              : null,
          ),
        )
        .catch(() => undefined);
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [bin, paymentId, text]);
  return facts && facts.bin === bin ? facts : { refusal: null, coBadged: null };
}
