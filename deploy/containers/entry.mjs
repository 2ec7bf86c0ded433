/**
 * The image's entry point: Next.js's standalone server (server.js, beside this file in /app).
 * server.js listens on $HOSTNAME, which container runtimes set to the container's own name (one
 * address, not loopback): the server listens on every address instead, or on LISTEN_HOST when
 * given (`::` for IPv6). Node.js is PID 1: its SIGTERM handlers (packages/runtime/src/net/shutdown.ts) run.
 */
process.env.HOSTNAME = process.env.LISTEN_HOST || '0.0.0.0';
await import('./server.js');
