#!/usr/bin/env bash
# Checks the Prometheus rule files (deploy/prometheus/*.rules.yaml) with `promtool check rules`
# and runs their unit tests (deploy/prometheus/tests/*.yaml) with `promtool test rules`.
# Installs Debian's `prometheus` package (which brings promtool) when promtool is missing, as
# root or through sudo, and stops the Prometheus server the package may have started
# (scripts/build/debian-packages.mjs, the installer every script uses).
# `npm run test:rules`; the first of `npm run test:ops`.
set -euo pipefail
# A command that ends the script under `set -e` says so (none ends it silently).
trap 'echo "prometheus-rules.sh: line $LINENO: \`$BASH_COMMAND\` failed (exit $?)" >&2' ERR
cd "$(dirname "$0")/../.."

node scripts/build/debian-packages.mjs --no-install-recommends --stop-started=prometheus promtool=prometheus
# The first line of `promtool --version` (read whole: no early-closed pipe under pipefail).
version=$(promtool --version 2>&1)
echo "${version%%$'\n'*}"

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
