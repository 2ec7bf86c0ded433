#!/usr/bin/env bash
# `npm run lint:shell` (part of `npm run lint`, so of the gate): shellcheck over every shell script
# of the tree, as git lists it (tracked, and new files not ignored): the *.sh files and the files
# without an extension whose first line is a bash or sh shebang (.ci/run). Installs Debian's
# `shellcheck` when missing, as root or through sudo (scripts/build/debian-packages.mjs).
set -euo pipefail
# A command that ends the script under `set -e` says so (none ends it silently).
trap 'echo "lint-shell.sh: line $LINENO: \`$BASH_COMMAND\` failed (exit $?)" >&2' ERR
cd "$(dirname "$0")/../.."

node scripts/build/debian-packages.mjs --no-install-recommends shellcheck

files=()
while IFS= read -r -d '' file; do
  name=${file##*/}
  case "$name" in
    *.sh) files+=("$file") ;;
    *.*) ;;
    *)
      first=''
      if [ -f "$file" ]; then IFS= read -r first <"$file" || true; fi
      case "$first" in '#!'*[/\ ]bash | '#!'*[/\ ]bash\ * | '#!'*[/\ ]sh | '#!'*[/\ ]sh\ *) files+=("$file") ;; esac
      ;;
  esac
done < <(git ls-files -z --cached --others --exclude-standard)
if [ ${#files[@]} -eq 0 ]; then
  echo "lint-shell: no shell scripts found (is this a git checkout?)" >&2
  exit 1
fi
shellcheck "${files[@]}"
echo "shellcheck: ${#files[@]} shell scripts clean"
