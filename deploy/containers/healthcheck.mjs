/**
 * The image's HEALTHCHECK (and `podman healthcheck run`): GET /api/health on this container's
 * own port, exit 0 on 200, else 1, within 2.5 s. The image has no shell and no curl: Node.js asks.
 */
const port = Number(process.env.PORT) || 3000;
fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2500) }).then(
  (response) => process.exit(response.status === 200 ? 0 : 1),
  () => process.exit(1),
);
