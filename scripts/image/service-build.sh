#!/usr/bin/env bash
# The build of the image for a real payments service (IMAGE_VARIANT=service, build-image.sh):
# the product without its stand-in. A copy of the working tree (what git tracks or would) without packages/sandbox and
# app/sandbox (under .data/image/service-src, node_modules hard-linked in), built with
# BUILD_WITHOUT_SANDBOX=1 (next.config.mjs: the start-up door's import of the sandbox resolves to
# lib/sandbox-absent.ts) and its standalone assets. Fails when anything of the sandbox (its code,
# its routes, its packages) is in the output. Prints the copy's folder.
set -euo pipefail
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
found=$(find .next/standalone \( -path '*/@electric-sql*' -o -path '*/@simplewebauthn*' -o -path '*/uk-modulus-checking*' \
  -o -path '*/ibantools*' -o -path '*/qrcode*' -o -path '*/standardwebhooks*' -o -path '*/fastest-levenshtein*' \
  -o -path '*/server/app/sandbox*' -o -path '*/packages/sandbox*' \) -print | head -5)
if [ -n "$found" ]; then
  echo "service build: the sandbox is in the output:" >&2
  echo "$found" >&2
  exit 1
fi
echo "$SRC"
