/**
 * A request body as Node's HTTP parser delivers it, watched before any handler reads it, and the
 * clean close of a connection answered before its body was read (an early answer).
 *
 * Node's parser hands each body chunk to `IncomingMessage#push`, and `push(null)` at the end; the
 * watcher stands in that place on the one request (nothing is read from the socket that would not
 * be anyway). It can pass chunks on (the default: flow control unchanged), hold them until the
 * body is complete (the guard checks a server action's body before Next.js parses it: bounded by
 * the declared length the guard already capped), or drop them (draining after an early answer).
 *
 * An early answer: when a response's head is written while its request's body is still coming
 * (a 413 after 64 KB of a 3 MB chunked post, a 401 before reading, a route that cancelled the
 * body), keeping the connection alive would leave the rest of the body in front of the client's
 * next request on it. So the answer says `Connection: close` (RFC 9110 §9.6), and once it is
 * sent the server half-closes and reads and drops what the client still sends (up to
 * LINGER_MAX_BYTES, for LINGER_MAX_MS at most), then closes: closing with unread bytes would make
 * the kernel answer with a reset, which can reach the client before it has read the answer
 * (the lingering close of RFC 9112 §9.6). A declared remainder above LINGER_MAX_BYTES is not
 * waited for: the connection closes as soon as the answer is out.
 */
import type http from 'node:http';
import type { Socket } from 'node:net';

/** Most body bytes read and dropped after an early answer before the connection is closed anyway. */
export const LINGER_MAX_BYTES = 8 * 1024 * 1024;
/** Longest time, in ms, a connection is kept open after an early answer to drain its body. */
export const LINGER_MAX_MS = 3_000;

type Mode = 'pass' | 'hold' | 'drop';
type Push = (chunk: unknown, encoding?: BufferEncoding) => boolean;

/** A request body under watch. */
export interface BodyWatch {
  /** Body bytes the parser has delivered so far. */
  readonly received: number;
  /** Whether the parser has delivered the whole body. */
  readonly complete: boolean;
  /**
   * Holds the body until it is complete, then calls `done` with it. `release()` then hands it to
   * the request (for the handler to read); or the caller answers and it is dropped.
   */
  hold(done: (body: Buffer) => void): void;
  /** Hands a held body to the request, with its end. */
  release(): void;
  /** Drops the rest of the body as it comes; `onComplete` runs once it has all come. */
  drop(onComplete?: () => void): void;
}

/** Whether `request` has a body: a chunked one, or a declared length above 0. */
export function hasBody(request: http.IncomingMessage): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  const length = request.headers['content-length'];
  return length !== undefined && length !== '0';
}

/** Watches the body of `request` (call before anything reads it, in the request's own event). */
export function watchBody(request: http.IncomingMessage): BodyWatch {
  const push = request.push.bind(request) as Push;
  let mode: Mode = 'pass';
  let received = 0;
  let complete = false;
  /** Whether the request's stream has been given its end. */
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    push(null);
  };
  let held: Buffer[] = [];
  let onHeld: ((body: Buffer) => void) | null = null;
  let onDropped: (() => void) | null = null;
  (request as unknown as { push: Push }).push = (chunk, encoding) => {
    if (chunk === null) {
      complete = true;
      if (mode === 'hold') {
        const done = onHeld;
        onHeld = null;
        done?.(Buffer.concat(held));
        return false;
      }
      if (mode === 'drop') {
        held = [];
        end();
        onDropped?.();
        return false;
      }
      end();
      return false;
    }
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding);
    received += bytes.length;
    if (mode === 'pass') return push(bytes);
    if (mode === 'hold') held.push(bytes);
    // Held or dropped: more is welcome (never a reason for the parser to pause the socket).
    return true;
  };
  return {
    get received() {
      return received;
    },
    get complete() {
      return complete;
    },
    hold(done) {
      mode = 'hold';
      onHeld = done;
    },
    release() {
      mode = 'pass';
      for (const chunk of held) push(chunk);
      held = [];
      if (complete) end();
    },
    drop(onComplete) {
      mode = 'drop';
      held = [];
      onDropped = onComplete ?? null;
      if (complete) {
        end();
        onComplete?.();
      }
    },
  };
}

const closing = Symbol('hosted-checkout.early-answer');
type MarkedSocket = Socket & { [closing]?: true };

/**
 * Whether `socket` carries an early answer and is closing: whatever request the parser still finds
 * on it (the tail of a body, or requests a client wrote after it) is never handled.
 */
export function isClosingEarly(socket: Socket | null | undefined): boolean {
  return !!socket && (socket as MarkedSocket)[closing] === true;
}

/**
 * Makes an early answer to `request` close its connection cleanly (see the module's comment):
 * when `response`'s head is written before `watch` has seen the whole body, it says
 * `Connection: close`; once sent, the rest of the body is drained (bounded), then the socket
 * closes. Answers written after the whole body came keep the connection alive as usual.
 */
export function closeEarlyAnswers(request: http.IncomingMessage, response: http.ServerResponse, watch: BodyWatch): void {
  const socket = request.socket as MarkedSocket;
  const writeHead = response.writeHead;
  response.writeHead = function earlyAwareWriteHead(this: http.ServerResponse, ...args: unknown[]) {
    if (!watch.complete && !this.headersSent && !socket[closing]) {
      socket[closing] = true;
      // Node writes `Connection: close` and ends the socket after this response (destroySoon).
      this.shouldKeepAlive = false;
      this.setHeader('Connection', 'close');
      lingerOnClose(socket, request, watch);
      return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, withConnectionClose(args));
    }
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof response.writeHead;
}

/** Replaces the socket's `destroySoon` (what Node calls after a closing response) by a lingering close. */
function lingerOnClose(socket: Socket, request: http.IncomingMessage, watch: BodyWatch): void {
  const declared = Number(request.headers['content-length']);
  const remaining = request.headers['transfer-encoding'] === undefined && Number.isFinite(declared) ? declared - watch.received : 0;
  // Too much declared to wait for: Node's own close, as soon as the answer is out.
  if (remaining > LINGER_MAX_BYTES) return;
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MAX_MS);
    timer.unref();
    let drained = 0;
    const count = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > LINGER_MAX_BYTES) socket.destroy();
    };
    socket.on('data', count);
    socket.once('close', () => {
      clearTimeout(timer);
      socket.off('data', count);
    });
    watch.drop(() => {
      clearTimeout(timer);
      destroySoon();
    });
    // The parser may have paused the socket while the handler was not reading: read again.
    socket.resume();
  };
}

/** `args` of writeHead with any `Connection` header given there set to `close`. */
function withConnectionClose(args: unknown[]): unknown[] {
  return args.map((arg) => {
    if (!arg || typeof arg !== 'object' || Array.isArray(arg)) return arg;
    const headers = { ...(arg as Record<string, unknown>) };
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'connection') headers[name] = 'close';
    return headers;
  });
}
