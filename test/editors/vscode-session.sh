#!/usr/bin/env bash
# Start a private code-server with the packaged extension installed, run a Playwright script against it
# (test/editors/vscode-commands.mjs), stop it. TRUST=restricted: the workspace opens in Restricted Mode. Same isolation as ../shared/realclients/vscode-web/run-vscode-web.sh,
# whose code-server and playwright-core installation (in RC_HOME) it uses.
#   vscode-session.sh VSIX WORKSPACE OUT_JSONL [script arguments...]
set -euo pipefail
RC_HOME="${RC_HOME:-/tmp/realclients}"
CS="$RC_HOME/code-server/node_modules/code-server/out/node/entry.js"
[ -f "$CS" ] || { echo "code-server not installed in $RC_HOME (run ../shared/realclients/vscode-web/setup-code-server.sh)" >&2; exit 3; }
[ -d "$RC_HOME/pw/node_modules/playwright-core" ] || { echo "playwright-core not installed in $RC_HOME/pw" >&2; exit 3; }
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VSIX="$(realpath "$1")" WS="$(realpath "$2")" OUT="$3"; shift 3
RUN="$(mktemp -d /tmp/search-config-vscode.XXXXXX)"
cleanup() {
  if [ -n "${CS_PID:-}" ]; then kill -- -"$CS_PID" 2>/dev/null || kill "$CS_PID" 2>/dev/null || true; wait "$CS_PID" 2>/dev/null || true; fi
  if [ "${KEEP:-0}" = 1 ]; then echo "run dir kept: $RUN" >&2; else rm -rf "$RUN"; fi
}
trap cleanup EXIT
export XDG_CONFIG_HOME="$RUN/xdg-config" XDG_DATA_HOME="$RUN/xdg-data"
mkdir -p "$RUN/extensions" "$RUN/user-data/User"
# TRUST=restricted opens the workspace in Restricted Mode (untrusted, without the start-up question).
if [ "${TRUST:-trusted}" = restricted ]; then
  trust='"security.workspace.trust.enabled": true, "security.workspace.trust.startupPrompt": "never",'
  trust_flag=()
else
  trust='"security.workspace.trust.enabled": false,'
  trust_flag=(--disable-workspace-trust)
fi
cat > "$RUN/user-data/User/settings.json" <<JSON
{
  $trust
  ${EXTRA_SETTINGS:-}
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "telemetry.telemetryLevel": "off",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "update.mode": "none",
  "window.restoreWindows": "none",
  "workbench.enableExperiments": false,
  "extensions.ignoreRecommendations": true,
  "chat.disableAIFeatures": true,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "files.autoSave": "off"
}
JSON
node "$CS" --user-data-dir "$RUN/user-data" --extensions-dir "$RUN/extensions" --install-extension "$VSIX" >&2
PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
setsid node "$CS" --bind-addr "127.0.0.1:$PORT" --auth none --disable-telemetry --disable-update-check \
  "${trust_flag[@]}" --disable-getting-started-override \
  --user-data-dir "$RUN/user-data" --extensions-dir "$RUN/extensions" "$WS" >"$RUN/code-server.log" 2>&1 &
CS_PID=$!
for _ in $(seq 1 300); do
  curl -fs -o /dev/null "http://127.0.0.1:$PORT/healthz" && break
  kill -0 "$CS_PID" 2>/dev/null || { echo "code-server died:" >&2; cat "$RUN/code-server.log" >&2; exit 3; }
  sleep 0.1
done
set +e
PLAYWRIGHT_HOME="$RC_HOME/pw" SESSION_DIR="$RUN" node "$HERE/vscode-commands.mjs" --url "http://127.0.0.1:$PORT/" --folder "$WS" "$@" >"$OUT"
rc=$?
set -e
if [ "$rc" -ne 0 ]; then
  tail -n 30 "$RUN/code-server.log" >&2
  find "$RUN/user-data/logs" -name '*.log' -path '*exthost*' -exec tail -n 20 {} + >&2 2>/dev/null || true
fi
exit "$rc"
