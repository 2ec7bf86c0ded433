'use client';
/**
 * The card form's proof-of-work check, when the server asks for one (lib/security/proof-of-work.ts):
 * solves a challenge in the background and puts the solution in the form's `altcha` field, saying
 * so politely to screen readers. Nothing to read or click. The solver is loaded only here.
 * `onReady(false)` while it works and `onReady(true)` after (solved or not); `onSolved` once the
 * solution is in the form (committed), so the form may post it at once.
 */
import { useEffect, useRef, useState } from 'react';

interface SecurityCheckProps {
  required: boolean;
  text: { working: string; done: string };
  onReady?: (ready: boolean) => void;
  onSolved?: () => void;
}

export function SecurityCheck({ required, text, onReady, onSolved }: SecurityCheckProps) {
  const [payload, setPayload] = useState('');
  const solved = useRef(onSolved);
  useEffect(() => {
    solved.current = onSolved;
  }, [onSolved]);
  useEffect(() => {
    if (!required) return;
    const controller = new AbortController();
    onReady?.(false);
    import('@/lib/security/pow-client')
      .then(({ solveSecurityChallenge }) => solveSecurityChallenge(controller.signal))
      .then((value) => {
        setPayload(value);
        onReady?.(true);
      })
      .catch(() => onReady?.(true));
    return () => controller.abort();
  }, [required]);
  // After the commit that put the solution in the hidden field: a post now carries it.
  useEffect(() => {
    if (payload) solved.current?.();
  }, [payload]);
  if (!required) return null;
  return (
    <>
      <input type="hidden" name="altcha" value={payload} />
      <p role="status" className="mb-3 text-sm text-fg-muted" data-testid="security-check">
        {payload ? text.done : text.working}
      </p>
    </>
  );
}
