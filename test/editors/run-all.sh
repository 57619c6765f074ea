#!/usr/bin/env bash
# Real-editor tests: build, package the .vsix, then drive Neovim, Emacs/Eglot and VS Code (code-server)
# through the harnesses in ../shared/realclients (override with REALCLIENTS=DIR; code-server is looked up in
# RC_HOME, default /tmp/realclients). Arguments go to the runner: --only nvim,emacs,vscode,restricted,snippets  --out DIR
set -euo pipefail
cd "$(dirname "$0")/../.."
node scripts/build.mjs
npx --no-install esbuild test/editors/run.ts --bundle --platform=node --format=cjs --target=node20 \
  --main-fields=module,main --log-level=warning --outfile=dist/editors/run.js
npm run --silent package >dist/editors-package.log 2>&1 || { cat dist/editors-package.log; exit 1; }
node dist/editors/run.js "$@"
