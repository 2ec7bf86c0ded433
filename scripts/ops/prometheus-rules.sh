#!/usr/bin/env bash
# Checks the Prometheus rule files (deploy/prometheus/*.rules.yaml) with `promtool check rules`
# and runs their unit tests (deploy/prometheus/tests/*.yaml) with `promtool test rules`.
# Installs Debian's `prometheus` package (which brings promtool) when promtool is missing, as
# root or through sudo, and stops the Prometheus server the package may have started.
# `npm run test:rules`; the first of `npm run test:ops`.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v promtool >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi
  before=" $(pgrep -x prometheus | tr '\n' ' ') "
  echo "promtool missing: installing Debian's prometheus package"
  "${SUDO[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends prometheus >/dev/null
  # The package's scripts may start the server (without systemd, through its init script): stop
  # the ones that were not running before.
  for pid in $(pgrep -x prometheus || true); do
    case "$before" in *" $pid "*) ;; *) echo "stopping the prometheus server the package started (pid $pid)"; "${SUDO[@]}" kill "$pid" || true ;; esac
  done
fi
promtool --version 2>&1 | head -1

shopt -s nullglob
rules=(deploy/prometheus/*.rules.yaml)
tests=(deploy/prometheus/tests/*.yaml)
if [ ${#rules[@]} -eq 0 ] || [ ${#tests[@]} -eq 0 ]; then
  echo "no rule files or no tests under deploy/prometheus" >&2
  exit 1
fi
promtool check rules "${rules[@]}"
promtool test rules "${tests[@]}"

# Every rule file has tests: a rule file no test file loads is an error.
for file in "${rules[@]}"; do
  name="$(basename "$file")"
  if ! grep -qsE "^\s*-\s*['\"]?\.\./${name//./\\.}['\"]?\s*$" "${tests[@]}"; then
    echo "$file: no test under deploy/prometheus/tests loads it" >&2
    exit 1
  fi
done
echo "prometheus rules: ${#rules[@]} files checked, ${#tests[@]} test files passed"
