'use client';
/**
 * The card form's proof-of-work check, when the server asks for one (lib/security/proof-of-work.ts):
 * solves a challenge in the background and puts the solution in the form's `altcha` field, saying
 * so politely to screen readers. Nothing to read or click. The solver is loaded only here.
 * `onReady(false)` while it works and `onReady(true)` after (solved or not); `onSolved` once the
 * solution is in the form (committed), so the form may post it at once.
 */
import { useEffect, useEffectEvent, useState } from 'react';

interface SecurityCheckProps {
  required: boolean;
  text: { working: string; done: string };
  onReady?: (ready: boolean) => void;
  onSolved?: () => void;
}

export function SecurityCheck({ required, text, onReady, onSolved }: SecurityCheckProps) {
  const [payload, setPayload] = useState('');
  // The latest callbacks, called from the effects below without re-running them (React's effect events).
  const ready = useEffectEvent((value: boolean) => onReady?.(value));
  const solved = useEffectEvent(() => onSolved?.());
  useEffect(() => {
    if (!required) return;
    const controller = new AbortController();
    ready(false);
    import('@/lib/security/pow-client')
      .then(({ solveSecurityChallenge }) => solveSecurityChallenge(controller.signal))
      .then((value) => {
        setPayload(value);
        ready(true);
      })
      .catch(() => ready(true));
    return () => controller.abort();
  }, [required]);
  // After the commit that put the solution in the hidden field: a post now carries it.
  useEffect(() => {
    if (payload) solved();
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
