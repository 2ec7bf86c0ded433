/**
 * Graceful shutdown with a deadline. On SIGTERM (or SIGINT) Next.js stops
 * accepting connections and waits for the open ones, which an event stream or a slow client can
 * hold for ever. Here: long-lived answers (the widget's event streams) are told to end at once
 * (`onShutdown`), idle kept-alive connections are closed (and, every 250 ms, those that fall
 * idle since), every later answer says `Connection: close` (lib/net/request-guard.ts), and the process
 * exits after `SHUTDOWN_DEADLINE_MS` whatever is still open (exit code 0: a deliberate stop).
 */
import type http from 'node:http';
import { runtimeConfig } from '../config';
import { logger } from '../log';

const key = Symbol.for('hosted-checkout.shutdown');
interface State {
  started: boolean;
  listeners: Set<() => void>;
  installed: boolean;
}
const g = globalThis as typeof globalThis & { [key]?: State };
const state = (): State => (g[key] ??= { started: false, listeners: new Set(), installed: false });

/** Whether the process is shutting down. */
export function isShuttingDown(): boolean {
  return state().started;
}

/** Runs `listener` once when shutdown starts (at once if it has started); answers a function that removes it. */
export function onShutdown(listener: () => void): () => void {
  if (state().started) {
    listener();
    return () => undefined;
  }
  state().listeners.add(listener);
  return () => state().listeners.delete(listener);
}

/** Servers seen by the request hooks, to close their idle connections at shutdown. */
const servers = new Set<WeakRef<http.Server>>();
const known = new WeakSet<http.Server>();

/** Remembers `server` for shutdown (called by the request guard on each new connection; cheap). */
export function trackServer(server: http.Server): void {
  if (known.has(server)) return;
  known.add(server);
  servers.add(new WeakRef(server));
}

/** Starts the shutdown: listeners, idle connections closed, and the forced exit after the deadline. */
function beginShutdown(signal: string): void {
  const s = state();
  if (s.started) return;
  s.started = true;
  const deadlineMs = runtimeConfig().SHUTDOWN_DEADLINE_MS;
  logger.info({ signal, deadlineMs }, 'shutting down: open streams end, the process exits by the deadline');
  for (const listener of s.listeners) {
    try {
      listener();
    } catch (error) {
      logger.warn({ err: error }, 'a shutdown listener failed');
    }
  }
  s.listeners.clear();
  for (const ref of servers) ref.deref()?.closeIdleConnections();
  // Connections that fall idle later close too: a kept-alive client's socket after its event
  // stream ended, or after an answer in flight, would otherwise hold the server's close until
  // the keep-alive timeout.
  const sweep = setInterval(() => {
    for (const ref of servers) ref.deref()?.closeIdleConnections();
  }, 250);
  sweep.unref();
  const timer = setTimeout(() => {
    logger.warn({ deadlineMs }, 'shutdown deadline reached: closing what is still open');
    for (const ref of servers) ref.deref()?.closeAllConnections();
    process.exit(0);
  }, deadlineMs);
  timer.unref();
}

/** Installs the SIGTERM and SIGINT handlers (idempotent; Next.js's own handlers still run). */
export function installShutdown(): void {
  const s = state();
  if (s.installed) return;
  s.installed = true;
  process.once('SIGTERM', () => beginShutdown('SIGTERM'));
  process.once('SIGINT', () => beginShutdown('SIGINT'));
}
