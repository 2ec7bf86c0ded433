#!/usr/bin/env bash
# Runs a command inside a network namespace of its own with loopback only (`unshare -n`, then
# `ip link set lo up`): tests that name private, link-local or metadata addresses (they check the
# refusal without sending, packages/runtime/src/net/outbound.test.ts, packages/sandbox/service/core/webhooks.test.ts) cannot reach
# any network but this machine's loopback even if a guard broke. Where a namespace cannot be made
# (not root, no unshare), it says so and runs the command as is: the tests' in-process socket
# guard (packages/runtime/src/testing/loopback-only.ts) still stops any connection but loopback.
set -euo pipefail
# A command that ends the script under `set -e` says so (none ends it silently).
trap 'echo "loopback-only.sh: line $LINENO: \`$BASH_COMMAND\` failed (exit $?)" >&2' ERR
# A PostgreSQL server given by DATABASE_URL listens on this namespace's loopback, which a new
# namespace would not see: then the guard alone.
if [ -n "${DATABASE_URL:-}" ]; then
  echo "loopback-only: DATABASE_URL is set (a server on this machine's loopback); running with the in-process socket guard only" >&2
  exec "$@"
fi
if command -v unshare >/dev/null && command -v ip >/dev/null && unshare -n true 2>/dev/null; then
  exec unshare -n bash -c 'ip link set lo up && exec "$@"' loopback-only "$@"
fi
echo "loopback-only: no network namespace here (needs root and unshare); running with the in-process socket guard only" >&2
exec "$@"
