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
  text: { pass: string; fail: string };
  passkeyCapable: boolean;
  /** Not shown yet (and not in the accessibility tree): the page does not know `passkeyCapable` yet. */
  hidden?: boolean;
}

export function ChallengeForm({ paymentId, action, text, passkeyCapable, hidden }: ChallengeFormProps) {
  return (
    <form action={action} hidden={hidden} className="flex min-w-0 flex-wrap gap-3">
      <input type="hidden" name="paymentId" value={paymentId} />
      <input type="hidden" name="passkeyCapable" value={passkeyCapable ? '1' : '0'} />
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
