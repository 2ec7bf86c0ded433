/**
 * The end of `npm run image` (scripts/image/build-image.sh), in a network namespace with loopback
 * only: starts the image once on a new, throwaway volume, prints the time from `podman run` to
 * the first 200 of /api/ready (the sandbox migrated and seeded) and the time `podman stop` takes
 * (SIGTERM; the process must exit by itself, within SHUTDOWN_DEADLINE_MS), then removes both.
 * `node scripts/image/measure-image.mjs [image]`.
 */
import { onlyLoopback, podman, removeAll, runContainer, stopTimed, uniqueName, waitReady, STOP_TIMEOUT_S } from './podman.mjs';

const image = process.argv[2] ?? process.env.IMAGE ?? 'localhost/hosted-checkout:latest';
if (!onlyLoopback()) {
  console.log('image: start time not measured (no loopback-only network namespace here; needs root and unshare)');
  process.exit(0);
}
const name = uniqueName('hosted-checkout-measure');
const port = 3000;
const cleanup = () => removeAll({ containers: [name], volumes: [name] });
process.once('SIGINT', () => (cleanup(), process.exit(130)));
process.once('SIGTERM', () => (cleanup(), process.exit(143)));
let ok = false;
try {
  podman(['volume', 'create', name]);
  const since = Date.now();
  runContainer({ image, name, volume: name, port });
  const ready = await waitReady({ origin: `http://127.0.0.1:${port}`, name, since });
  console.log(`image: started in ${ready} ms (podman run to /api/ready 200, new volume: migrations and seed)`);
  const stop = await stopTimed(name);
  console.log(
    `image: podman stop (SIGTERM) took ${stop.ms} ms, exit code ${stop.exitCode}${stop.ms >= STOP_TIMEOUT_S * 1000 ? ' (killed: it did not stop in time)' : ''}`,
  );
  // 143: Next.js exits so after its SIGTERM clean-up; 0: packages/runtime/src/net/shutdown.ts's deadline; 137: killed.
  ok = [0, 143].includes(stop.exitCode) && stop.ms < STOP_TIMEOUT_S * 1000;
} catch (error) {
  console.error(`image: the measure failed: ${error instanceof Error ? error.message : error}`);
} finally {
  cleanup();
}
process.exit(ok ? 0 : 1);
