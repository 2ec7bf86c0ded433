/** The challenge handed from a card page up to the cashier that frames it: only there, only to our origin, only from its frame. */
import { describe, expect, it } from 'vitest';
import { handedOffChallenge, handOffChallenge, PAYMENT_STEP_FRAME, type HandoffWindow } from './challenge-handoff';

const origin = 'https://checkout.example';
const acs = 'https://checkout.example/sandbox/3ds/pi_123';

/** A card page's window under `parent`, named `name`; what it posts is recorded. */
function cardWindow(name: string, parentOrigin: string | 'unreadable') {
  const posted: [unknown, string][] = [];
  const parent = {
    get location() {
      if (parentOrigin === 'unreadable') throw new DOMException('cross-origin', 'SecurityError');
      return { origin: parentOrigin };
    },
    postMessage: (data: unknown, targetOrigin: string) => posted.push([data, targetOrigin]),
  };
  const win: HandoffWindow = { name, parent, location: { origin } };
  return { win, posted };
}

describe('handOffChallenge', () => {
  it("posts the challenge to the cashier's frame's parent, to our origin only", () => {
    const { win, posted } = cardWindow(PAYMENT_STEP_FRAME, origin);
    expect(handOffChallenge(acs, win)).toBe(true);
    expect(posted).toEqual([[{ source: 'checkout-step', type: 'challenge', challengeUrl: acs }, origin]]);
  });

  it("keeps the challenge in the page anywhere else: a merchant's frame, even named as ours, another frame of ours, the top", () => {
    for (const [name, parent] of [
      [PAYMENT_STEP_FRAME, 'unreadable'],
      [PAYMENT_STEP_FRAME, 'https://shop.example'],
      ['', origin],
    ] as const) {
      const { win, posted } = cardWindow(name, parent);
      expect(handOffChallenge(acs, win), `${name} under ${parent}`).toBe(false);
      expect(posted).toEqual([]);
    }
    const top = { name: PAYMENT_STEP_FRAME, parent: null as unknown, location: { origin } };
    top.parent = top;
    expect(handOffChallenge(acs, top)).toBe(false);
  });
});

describe('handedOffChallenge', () => {
  const frame = { id: 'the step frame' };
  const message = (data: unknown, over: Partial<{ origin: string; source: unknown }> = {}) => ({ origin, source: frame, data, ...over });
  const handoff = (challengeUrl: unknown) => ({ source: 'checkout-step', type: 'challenge', challengeUrl });

  it("takes the address from the step's frame, of our origin", () => {
    expect(handedOffChallenge(message(handoff(acs)), frame, origin)).toBe(acs);
    expect(handedOffChallenge(message(handoff('http://localhost:3100/sandbox/3ds/pi_1')), frame, origin)).toBe(
      'http://localhost:3100/sandbox/3ds/pi_1',
    );
  });

  it('refuses another frame, another origin, another shape, and an address that is not http(s) or carries credentials', () => {
    expect(handedOffChallenge(message(handoff(acs), { source: {} }), frame, origin)).toBeNull();
    expect(handedOffChallenge(message(handoff(acs)), null, origin)).toBeNull();
    expect(handedOffChallenge(message(handoff(acs), { origin: 'https://shop.example' }), frame, origin)).toBeNull();
    expect(handedOffChallenge(message({ source: 'checkout', type: 'challenge', challengeUrl: acs }), frame, origin)).toBeNull();
    expect(handedOffChallenge(message(null), frame, origin)).toBeNull();
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'https://user:pw@acs.example/', 'not a url', 42])
      expect(handedOffChallenge(message(handoff(bad)), frame, origin), String(bad)).toBeNull();
  });
});
