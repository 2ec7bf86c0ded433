#!/usr/bin/env bash
# The build of the image for a real payments service (IMAGE_VARIANT=service, build-image.sh):
# the product without its stand-in. A copy of the working tree (what git tracks or would) without packages/sandbox and
# app/sandbox (under .data/image/service-src, node_modules hard-linked in), built with
# BUILD_WITHOUT_SANDBOX=1 (next.config.mjs: the start-up door's import of the sandbox resolves to
# lib/sandbox-absent.ts) and its standalone assets. Fails when anything of the sandbox (its code,
# its routes, its packages) is in the output. Prints the copy's folder.
set -euo pipefail
# A command that ends the script under `set -e` says so (none ends it silently).
trap 'echo "service-build.sh: line $LINENO: \`$BASH_COMMAND\` failed (exit $?)" >&2' ERR
cd "$(dirname "$0")/../.."
ROOT=$PWD
SRC=$ROOT/.data/image/service-src
rm -rf "$SRC"
mkdir -p "$SRC"
git ls-files -z --cached --others --exclude-standard | grep -zv -e '^packages/sandbox/' -e '^app/sandbox/' | xargs -0 tar -cf - | tar -xf - -C "$SRC"
cp -al "$ROOT/node_modules" "$SRC/node_modules"
rm -f "$SRC/node_modules/@hosted-checkout/sandbox"
cd "$SRC"
BUILD_WITHOUT_SANDBOX=1 NEXT_TELEMETRY_DISABLED=1 node_modules/.bin/next build >build.log 2>&1 || {
  tail -40 build.log >&2
  echo "service build: next build failed (whole log: $SRC/build.log)" >&2
  exit 1
}
node scripts/build/standalone-assets.mjs >/dev/null
# Into a file, then read whole: through `| head`, head closing the pipe early would end find
# with SIGPIPE, and pipefail the script before it says why.
find .next/standalone \( -path '*/@electric-sql*' -o -path '*/@simplewebauthn*' -o -path '*/uk-modulus-checking*' \
  -o -path '*/ibantools*' -o -path '*/qrcode*' -o -path '*/standardwebhooks*' -o -path '*/fastest-levenshtein*' \
  -o -path '*/server/app/sandbox*' -o -path '*/packages/sandbox*' \) -print >sandbox-paths.txt
mapfile -t found <sandbox-paths.txt
if [ ${#found[@]} -gt 0 ]; then
  echo "service build: the sandbox is in the output (${#found[@]} paths), first:" >&2
  printf '%s\n' "${found[@]:0:5}" >&2
  exit 1
fi
echo "$SRC"
