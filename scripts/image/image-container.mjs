/** Looking inside a running container of the image test (test-image.mjs), through `podman exec`. */
import { podman } from './podman.mjs';

/** Runs `script` with the container's own node (30 s at most); answers podman's { status, stdout, stderr } whatever its exit status. */
export const inContainer = (name, script) =>
  podman(['exec', name, '/usr/local/bin/node', '-e', script], { check: false, timeoutMs: 30_000 });

/** The resident memory of the container's server (PID 1), in MiB. */
export const residentMiB = (name) => {
  const { stdout } = inContainer(name, 'console.log(/VmRSS:\\s+(\\d+)/.exec(require("fs").readFileSync("/proc/1/status", "utf8"))[1])');
  return Math.round(Number(stdout) / 1024);
};
