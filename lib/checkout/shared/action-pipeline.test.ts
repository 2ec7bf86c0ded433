/**
 * The checkout's one action pipeline (action-pipeline.ts), with a made-up side: whatever a side
 * passes, its holder check runs before the logic and a refusal reaches no logic; whatever the
 * holder check or the logic throws goes through the side's failure table; a forged or oversized
 * post is the side's bad-form state before anything is called; `{ go }` is a redirect outside
 * any catch. The two real sides keep their own tests (payment-action.test.ts,
 * cashier-action-client.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

vi.mock('next/navigation', async () => (await import('@/lib/testing/action-post')).navigation);

const { HolderRefused, runAction } = await import('./action-pipeline');
const { post } = await import('@/lib/testing/action-post');

const Form = z.object({ id: z.string().regex(/^[a-z_0-9]{1,20}$/), note: z.string().default('') });
type State = { note?: string; error?: string; finished?: boolean };
type Opened = { id: string };
type Call = Opened & { holder: string };

/** A side whose holder check refuses `not_held` and whose failure table names what it was handed. */
function side() {
  return {
    schema: Form,
    limits: { id: 20, note: 10 },
    badForm: vi.fn((bad: { problem: string }): State => ({ error: `bad:${bad.problem}` })),
    local: vi.fn((data: z.output<typeof Form>): State | undefined => (data.note === 'edit' ? { note: 'local' } : undefined)),
    open: vi.fn((data: z.output<typeof Form>): Opened => ({ id: data.id })),
    hold: vi.fn(async (opened: Opened): Promise<Call> => {
      if (opened.id === 'not_held') throw new HolderRefused('rejected');
      if (opened.id === 'no_answer') throw new Error('socket hang up');
      return { ...opened, holder: 'this browser' };
    }),
    failed: vi.fn((error: unknown, opened: Opened): State | { go: string } => {
      if (HolderRefused.is(error)) return { error: `refused:${error.refusal}` };
      if (error instanceof Error && error.message === 'moved on') return { go: `/status/${opened.id}` };
      return { error: `failed:${opened.id}` };
    }),
    finish: vi.fn(async (state: State): Promise<State> => ({ ...state, finished: true })),
  };
}

describe('runAction', () => {
  it("runs the side's holder check before the logic, and hands the logic the call it answered", async () => {
    const s = side();
    const logic = vi.fn(async (call: Call, data: z.output<typeof Form>) => ({ note: `${call.id}/${call.holder}/${data.note}` }));
    expect(await runAction(post({ id: 'held', note: 'hi' }), s, logic)).toEqual({ note: 'held/this browser/hi', finished: true });
    expect(s.hold).toHaveBeenCalledWith({ id: 'held' }, { id: 'held', note: 'hi' });
    expect(s.hold.mock.invocationCallOrder[0]).toBeLessThan(logic.mock.invocationCallOrder[0] ?? 0);
    expect(s.failed).not.toHaveBeenCalled();
  });

  it("answers a refusal of the holder check through the side's failure table, and runs no logic", async () => {
    const s = side();
    const logic = vi.fn();
    expect(await runAction(post({ id: 'not_held' }), s, logic)).toEqual({ error: 'refused:rejected', finished: true });
    expect(logic).not.toHaveBeenCalled();
    expect(s.failed).toHaveBeenCalledTimes(1);
    expect(HolderRefused.is(s.failed.mock.calls[0]?.[0])).toBe(true);
    // A holder check that could not answer is a failure of the side's table too, never a 500.
    expect(await runAction(post({ id: 'no_answer' }), s, logic)).toEqual({ error: 'failed:no_answer', finished: true });
    expect(logic).not.toHaveBeenCalled();
  });

  it("maps what the logic throws through the side's failure table, which may name the next page", async () => {
    const s = side();
    const thrown = new Error('card declined by the network');
    expect(
      await runAction(post({ id: 'held' }), s, async () => {
        throw thrown;
      }),
    ).toEqual({ error: 'failed:held', finished: true });
    expect(s.failed).toHaveBeenCalledWith(thrown, { id: 'held' }, { id: 'held', note: '' });
    await expect(
      runAction(post({ id: 'held' }), s, async () => {
        throw new Error('moved on');
      }),
    ).rejects.toMatchObject({ to: '/status/held' });
  });

  it('answers a forged or oversized post with the bad-form state, before any holder check or logic', async () => {
    const s = side();
    const logic = vi.fn();
    expect(await runAction('not a form', s, logic)).toEqual({ error: 'bad:forged', finished: true });
    expect(await runAction(post({ id: '../x' }), s, logic)).toEqual({ error: 'bad:forged', finished: true });
    expect(await runAction(post({ id: 'held', note: 'x'.repeat(11) }), s, logic)).toEqual({ error: 'bad:tooLong', finished: true });
    expect(s.open).not.toHaveBeenCalled();
    expect(s.hold).not.toHaveBeenCalled();
    expect(logic).not.toHaveBeenCalled();
  });

  it('answers a local step from the post alone, before the holder check', async () => {
    const s = side();
    expect(await runAction(post({ id: 'not_held', note: 'edit' }), s, vi.fn())).toEqual({ note: 'local', finished: true });
    expect(s.hold).not.toHaveBeenCalled();
  });

  it("redirects on { go } outside the catch: the failure table never sees Next's redirect, and no state is finished", async () => {
    const s = side();
    await expect(runAction(post({ id: 'held' }), s, async () => ({ go: '/next' }))).rejects.toMatchObject({ to: '/next' });
    expect(s.failed).not.toHaveBeenCalled();
    expect(s.finish).not.toHaveBeenCalled();
  });
});
