/**
 * For tests about refused addresses: while installed, every socket connection of the process to
 * anything but loopback throws instead of connecting, so even a broken guard can never send a
 * packet to a private, link-local or metadata address. Records what it stopped.
 */
import net from 'node:net';
import { vi } from 'vitest';
import ipaddr from 'ipaddr.js';

const isLoopback = (host: string) => host === 'localhost' || (ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback');

/** The host a `Socket#connect` call dials (its arguments may come normalized as an array), or null for a Unix socket. */
function hostOf(args: unknown[]): string | null {
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (typeof first === 'number') return typeof args[1] === 'string' ? args[1] : 'localhost';
  if (typeof first === 'string') return null;
  const options = first as { host?: string; path?: string } | undefined;
  if (options?.path) return null;
  return options?.host ?? 'localhost';
}

/** The host a connection with these `Socket#connect` arguments would be stopped for, or null when it may go. */
export function stoppedHost(args: unknown[]): string | null {
  const host = hostOf(args);
  return host !== null && !isLoopback(host.replace(/^\[|\]$/g, '')) ? host : null;
}

export function loopbackOnly() {
  const stopped: string[] = [];
  const original = net.Socket.prototype.connect;
  const spy = vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function guarded(this: net.Socket, ...args: unknown[]) {
    const host = stoppedHost(args);
    if (host !== null) {
      stopped.push(host);
      throw new Error(`test guard: no connection to ${host} (loopback only)`);
    }
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  });
  return { spy, stopped, restore: () => spy.mockRestore() };
}
