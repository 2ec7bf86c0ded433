'use client';
/**
 * The ACS challenge's answer with JavaScript: Pass and Fail show once the page knows whether
 * this browser can make a passkey (`probePasskeyCapability`, bounded), so the answer always
 * carries it in `passkeyCapable` ("1" or "0") and a passed challenge is offered a passkey
 * whenever the browser can make one. Before that the form is hidden: a press before the page's
 * script ran, or before the probe answered, would have said "0" and skipped the offer. Without
 * JavaScript the page's <noscript> form answers with "0" (no offer that could only fail).
 */
import { useEffect, useState } from 'react';
import { ChallengeForm, type ChallengeFormProps } from './challenge-form';
import { probePasskeyCapability } from './passkey-probe';

type ChallengeAnswerProps = Omit<ChallengeFormProps, 'passkeyCapable' | 'hidden'>;

export function ChallengeAnswer({ paymentId, action, text, trustPrompt }: ChallengeAnswerProps) {
  const [capable, setCapable] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void probePasskeyCapability().then((yes) => live && setCapable(yes));
    return () => {
      live = false;
    };
  }, []);
  return (
    <ChallengeForm
      paymentId={paymentId}
      action={action}
      text={text}
      passkeyCapable={capable === true}
      hidden={capable === null}
      {...(trustPrompt ? { trustPrompt } : {})}
    />
  );
}
