'use client';
/**
 * The card page's BIN lookup as the number is typed (GET /public/bin/{bin}): a refused funding
 * type (named as the rule's refusal when the rules of a licence in force refuse it, e.g. Sweden's
 * ban on gambling on credit; else as the merchant's), or the two brands of a co-badged card.
 */
import { useEffect, useState } from 'react';

export interface BinFacts {
  /** The message for a funding type refused (by the rules or the merchant), or null. */
  refusal: string | null;
  /** The two brands of a co-badged card and the one it defaults to, or null. */
  coBadged: { brands: string[]; preferred: string } | null;
}

/** The refusal's words: the rule's when a regulator's rule refuses the card, else the merchant's for its funding type; null when accepted. */
function refusalText(
  answer: { fundingType: string; refused: boolean; refusedByRule?: string },
  text: Record<'CREDIT' | 'DEBIT' | 'PREPAID', string>,
  ruleText: { SPELINSPEKTIONEN: string; SPA_MF: string; other: string },
): string | null {
  // The regulators with words of their own (Sweden's ban on credit; Brazil's debit or prepaid only); any other in general words.
  if (answer.refusedByRule === 'SPELINSPEKTIONEN' || answer.refusedByRule === 'SPA_MF') return ruleText[answer.refusedByRule];
  if (answer.refusedByRule) return ruleText.other;
  if (!answer.refused || !(answer.fundingType in text)) return null;
  return text[answer.fundingType as keyof typeof text];
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
  ruleText: { SPELINSPEKTIONEN: string; SPA_MF: string; other: string },
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
                refusedByRule?: string;
                preferred: string;
              })
            : null,
        )
        .then((answer) =>
          setFacts(
            answer
              ? {
                  bin,
                  refusal: refusalText(answer, text, ruleText),
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
  }, [bin, paymentId, text, ruleText]);
  return facts && facts.bin === bin ? facts : { refusal: null, coBadged: null };
}
