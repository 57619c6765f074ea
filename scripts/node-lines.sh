#!/usr/bin/env bash
# The Node.js lines search-config supports, and a way to run a command under each.
#
#   scripts/node-lines.sh list            the supported lines, one major version a line
#   scripts/node-lines.sh path MAJOR      the directory holding that line's `node` (installed on first use)
#   scripts/node-lines.sh run MAJOR CMD…  CMD with that line's node first on PATH
#
# Policy (CONTRIBUTING.md, "Node.js lines"): every line the Node.js project still maintains (Active or
# Maintenance LTS) is supported and tested; a line past its end of life stays in `engines` until the next
# minor release, and is tested for as long as it is there. Node binaries come from the npm registry's
# node-<platform>-<arch> packages, installed into a cache outside the repository (NODE_LINES_HOME).
set -euo pipefail
LINES=(20 22 24 26)

# Outside the home directory: some tests run the CLI as an unprivileged user, who must be able to run that
# node too (a home directory such as /root is closed to other users).
cache="${NODE_LINES_HOME:-${TMPDIR:-/tmp}/search-config-node-lines}"

node_dir() {
  local major="$1" platform arch dir
  platform="$(node -p process.platform)"
  arch="$(node -p process.arch)"
  # The line the machine already runs needs no download.
  if [ "$(node -p 'process.versions.node.split(".")[0]')" = "$major" ]; then dirname "$(command -v node)"; return; fi
  dir="$cache/$major"
  if [ ! -x "$dir/node_modules/node-$platform-$arch/bin/node" ]; then
    mkdir -p "$dir"
    npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "node-$platform-$arch@$major" >&2
  fi
  echo "$dir/node_modules/node-$platform-$arch/bin"
}

case "${1:-}" in
  list) printf '%s\n' "${LINES[@]}" ;;
  path) node_dir "$2" ;;
  run)
    major="$2"; shift 2
    bin="$(node_dir "$major")"
    PATH="$bin:$PATH" "$@"
    ;;
  *) echo "usage: scripts/node-lines.sh list | path MAJOR | run MAJOR CMD..." >&2; exit 2 ;;
esac
