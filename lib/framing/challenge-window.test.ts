/** The challenge frame's EMV window and height: full width on a narrow page, never shorter than the ACS page it can read. */
import { describe, expect, it } from 'vitest';
import { challengeFrameHeight, challengeWindow } from './challenge-window';

describe('challengeWindow', () => {
  it('takes the largest 400 px window that fits: 04 from 600 px, 02 from 390 px', () => {
    expect(challengeWindow(720)).toEqual({ size: '04', width: 600, height: 400 });
    expect(challengeWindow(600)).toEqual({ size: '04', width: 600, height: 400 });
    expect(challengeWindow(420)).toEqual({ size: '02', width: 390, height: 400 });
  });

  it('takes the full width below 390 px (the cashier at 390 or 320 px), never the 250 px column', () => {
    for (const available of [358, 326, 288, 256, 250])
      expect(challengeWindow(available), String(available)).toEqual({ size: '05', width: null, height: 400 });
  });
});

describe('challengeFrameHeight', () => {
  const window = challengeWindow(358);

  it("grows to the ACS page's own height when it can read it and it is taller", () => {
    expect(challengeFrameHeight(window, 463.2)).toBe(464);
  });

  it("keeps the window's height for a shorter page, or one it cannot read (an issuer's ACS on its own origin)", () => {
    expect(challengeFrameHeight(window, 310)).toBe(400);
    expect(challengeFrameHeight(window, null)).toBe(400);
    expect(challengeFrameHeight(window, Number.NaN)).toBe(400);
  });
});
