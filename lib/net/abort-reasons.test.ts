import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { formatAbortReasons } from './abort-reasons';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A render's state: the object an abort is called on, as an Immediate is for React's cleanup. */
class Render {
  payload = new Array(10_000).fill('flight data');
  constructor(private readonly controller: AbortController) {}
  finish(withReason: boolean): void {
    if (withReason) this.controller.abort(new Error('This render completed successfully.'));
    else this.controller.abort();
  }
}

/**
 * Aborts a kept controller from inside a render; answers whether the render is still reachable
 * after GC. A WeakRef holds its target until the job that made it ends: GC runs in a later task.
 */
async function renderIsKept(withReason: boolean): Promise<{ kept: boolean; controller: AbortController }> {
  const controller = new AbortController();
  let render: Render | undefined = new Render(controller);
  const ref = new WeakRef(render);
  render.finish(withReason);
  render = undefined;
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  gc();
  return { kept: ref.deref() !== undefined, controller };
}

describe('abort reasons let go of the render that aborted', () => {
  // Order matters: the wrapper, once installed, stays for the worker.
  it('without the wrapper, a kept signal keeps the render through its reason’s stack (the leak it mends)', async () => {
    const { kept, controller } = await renderIsKept(true);
    expect(kept).toBe(true);
    expect(controller.signal.aborted).toBe(true);
  });

  it('with it, neither a reason given nor the DOMException of abort() keeps the render; the stack is whole', async () => {
    formatAbortReasons();
    formatAbortReasons();
    for (const withReason of [true, false]) {
      const { kept, controller } = await renderIsKept(withReason);
      expect(kept).toBe(false);
      expect(controller.signal.aborted).toBe(true);
      const reason = controller.signal.reason as Error;
      expect(reason.stack).toContain(withReason ? 'This render completed successfully.' : 'AbortError');
      expect(reason.stack).toContain('Render.finish');
    }
  });

  it('listeners see the reason given, and a reason that is no Error passes unchanged', () => {
    const controller = new AbortController();
    const seen: unknown[] = [];
    controller.signal.addEventListener('abort', () => seen.push(controller.signal.reason));
    controller.abort('because');
    controller.abort('again');
    expect(seen).toEqual(['because']);
    const throwing = new AbortController();
    const odd = Object.defineProperty({}, 'stack', {
      get() {
        throw new Error('no stack');
      },
    });
    throwing.abort(odd);
    expect(throwing.signal.reason).toBe(odd);
  });
});
