/**
 * One hook point on every request of the process's http servers, before any handler reads it
 * (installed at start: lib/startup.ts): the customer IP rule (client-ip.ts) and the request log
 * (request-log.ts) register here, so `http.Server#emit` is wrapped once.
 */
import http from 'node:http';

export type RequestHook = (request: http.IncomingMessage, response: http.ServerResponse) => void;

const key = Symbol.for('hosted-checkout.request-hooks');
type Registry = Map<string, RequestHook>;

/** Registers `hook` under `name` (a second registration of a name replaces the first). */
export function onEveryRequest(name: string, hook: RequestHook): void {
  const proto = http.Server.prototype as http.Server & { [key]?: Registry };
  if (!proto[key]) {
    const hooks: Registry = new Map();
    proto[key] = hooks;
    const emit = proto.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
    proto.emit = function hookedEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
      if (event === 'request') for (const run of hooks.values()) run(args[0] as http.IncomingMessage, args[1] as http.ServerResponse);
      return emit.call(this, event, ...args);
    } as typeof proto.emit;
  }
  proto[key].set(name, hook);
}
