/**
 * One hook point on every connection and request of the process's http servers, before any
 * handler reads them (installed at start: lib/startup.ts): the request guard
 * (lib/net/request-guard.ts), the customer IP rule (client-ip.ts) and the request log (lib/net/request-log.ts)
 * register here, so `http.Server#emit` is wrapped once, on the prototype: `next start` builds its
 * own server, and this reaches it without a custom server.
 *
 * A request hook that answers the request itself returns true: the later hooks and the
 * server's own handler (Next.js) never see it. A hook that must wait before deciding (the guard
 * reads a server action's body first) also returns true, and later calls the `resume` it was
 * given, once: the later hooks and the server's handler then run. Hooks run in the order they
 * were registered.
 */
import http from 'node:http';
import type { Socket } from 'node:net';

/**
 * Runs on each request; true when it has answered or taken the request over (then nothing else
 * handles it, unless the hook calls `resume`: the later hooks and the server's handler run then).
 */
type RequestHook = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  server: http.Server,
  resume: () => void,
) => boolean | void;
/** Runs on each new connection; true when it has closed it (then the server never parses it). */
type ConnectionHook = (socket: Socket, server: http.Server) => boolean | void;

const key = Symbol.for('hosted-checkout.request-hooks');
/** Marks a server the hooks leave alone (`leaveUnhooked`). */
const unhooked = Symbol.for('hosted-checkout.unhooked-server');
interface Registry {
  request: Map<string, RequestHook>;
  connection: Map<string, ConnectionHook>;
}

function registry(): Registry {
  const proto = http.Server.prototype as http.Server & { [key]?: Registry };
  if (!proto[key]) {
    const hooks: Registry = { request: new Map(), connection: new Map() };
    proto[key] = hooks;
    const emit = proto.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
    /** Runs the request hooks from `from` on, then the server's own handler (unless a hook took the request). */
    const runFrom = (
      server: http.Server,
      list: RequestHook[],
      from: number,
      request: http.IncomingMessage,
      response: http.ServerResponse,
    ): boolean => {
      for (const [offset, hook] of list.slice(from).entries()) {
        const i = from + offset;
        let resumed = false;
        const resume = () => {
          if (resumed) return;
          resumed = true;
          runFrom(server, list, i + 1, request, response);
        };
        if (hook(request, response, server, resume) === true) return true;
      }
      return emit.call(server, 'request', request, response);
    };
    proto.emit = function hookedEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
      if ((this as http.Server & { [unhooked]?: true })[unhooked]) return emit.call(this, event, ...args);
      if (event === 'request') {
        return runFrom(this, [...hooks.request.values()], 0, args[0] as http.IncomingMessage, args[1] as http.ServerResponse);
      } else if (event === 'connection') {
        for (const run of hooks.connection.values()) if (run(args[0] as Socket, this) === true) return true;
      }
      return emit.call(this, event, ...args);
    } as typeof proto.emit;
  }
  return proto[key];
}

/**
 * Leaves `server` out of every hook: an internal listener of the process (the metrics port,
 * lib/net/metrics-listener.ts) that is not the app, and whose requests are neither guarded nor logged
 * as the app's.
 */
export function leaveUnhooked(server: http.Server): void {
  (server as http.Server & { [unhooked]?: true })[unhooked] = true;
}

/** Registers `hook` under `name` for every request (a second registration of a name replaces the first). */
export function onEveryRequest(name: string, hook: RequestHook): void {
  registry().request.set(name, hook);
}

/** Registers `hook` under `name` for every new connection (a second registration replaces the first). */
export function onEveryConnection(name: string, hook: ConnectionHook): void {
  registry().connection.set(name, hook);
}
