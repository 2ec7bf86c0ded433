/**
 * The ACS challenge's answer form: Pass or Fail, with whether this browser can make a passkey
 * (`passkeyCapable`, "1" or "0"). Rendered by the page without JavaScript (in <noscript>, "0") and
 * by `ChallengeAnswer` with it, once its probe has answered. The buttons share a line when it has
 * room, else each takes its own (never one cut at the frame's edge).
 */
export interface ChallengeFormProps {
  paymentId: string;
  /** The ACS's server action (packages/sandbox/service/pages/acs-actions.ts, answerChallenge). */
  action: (form: FormData) => Promise<void>;
  text: { pass: string; fail: string; trust?: string };
  passkeyCapable: boolean;
  /** The issuer's prompt to trust the merchant (RTS 2018/389 Art. 13; EMV 3DS challenge indicator 09): `text.trust` by a box to tick. */
  trustPrompt?: boolean;
  /** Not shown yet (and not in the accessibility tree): the page does not know `passkeyCapable` yet. */
  hidden?: boolean;
}

export function ChallengeForm({ paymentId, action, text, passkeyCapable, hidden, trustPrompt }: ChallengeFormProps) {
  return (
    <form action={action} hidden={hidden} className="flex min-w-0 flex-wrap gap-3">
      <input type="hidden" name="paymentId" value={paymentId} />
      <input type="hidden" name="passkeyCapable" value={passkeyCapable ? '1' : '0'} />
      {trustPrompt && text.trust ? (
        <label className="flex w-full items-start gap-2">
          <input type="checkbox" name="trust" value="1" className="mt-1 size-4 shrink-0" />
          <span>{text.trust}</span>
        </label>
      ) : null}
      <button name="outcome" value="pass" className="max-w-full grow rounded-theme bg-success px-4 py-3 font-semibold text-on-primary">
        {text.pass}
      </button>
      <button
        name="outcome"
        value="fail"
        className="max-w-full grow rounded-theme border border-danger px-4 py-3 font-semibold text-danger"
      >
        {text.fail}
      </button>
    </form>
  );
}
