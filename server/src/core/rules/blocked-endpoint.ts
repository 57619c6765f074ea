import { defineRule } from '../rule';
import { convertEngineSettings } from '../engine-settings';
import { BY_ENGINE_SETTING } from '../schema';
import { bodySettings } from '../request-files/body';
import { ENDPOINT_POLICY, type BlockedHierarchy } from '../request-files/match';
import type { FoundRequest } from '../request-files/types';

/**
 * Requests the service refuses, found in `.http`/`.rest` files, Markdown runbooks and shell scripts
 * (see core/request-files). The policy is data (schemas/endpoint-policy.json); this file words the finding.
 * The rule's check runs in the request-file analysis, not on configurations.
 */
export default defineRule({
  meta: {
    id: 'blocked-endpoint',
    defaultSeverity: 'error',
    documents: 'requests',
    exampleFormats: { formats: ['requests'], why: 'the rule reads requests to the search engine, not configurations.' },
    summary:
      'A REST request the service refuses (a blocked endpoint hierarchy), in a request file, runbook or script, with what to do instead.',
    details: [
      `The service lets clients call ${ENDPOINT_POLICY.allowed.map((e) => `\`${e.method} ${e.path}\``).join(', ')} and refuses every other request to the hierarchies ${ENDPOINT_POLICY.blocked.map((b) => `\`${b.prefix}\``).join(', ')} (any method, any deeper path). An allowed endpoint wins over the blocked hierarchy it lies in, and covers the paths below it. Requests outside these hierarchies are not judged: the service's policy says nothing about them. The policy is kept in \`schemas/endpoint-policy.json\`.`,
      '',
      'Where requests are found: `.http` and `.rest` files (REST Client and JetBrains HTTP Client syntax, file variables resolved, also in a body, `{{ host }}` with blanks, a path without its leading `/` such as `PUT _cluster/settings`, a URL continued on indented lines after the request line (each line trimmed and joined without the line breaks, as JetBrains sends it), a request after JetBrains pre-request scripts (`< {% … %}`, `< ./pre.js`); a request whose path holds an unresolved variable is not judged), fenced `console`/`http` blocks of Markdown files (Dev Tools console syntax; also a block without a language whose first line is a console request such as `PUT _snapshot/repo`, and a block of another language, such as `json` as the OpenSearch documentation tags console text, whose first line is a console request with an API path such as `PUT _cluster/settings`) and `curl` commands in `sh`/`bash`/`shell`/`console` fences, and `curl` commands of `.sh`/`.bash` scripts, also inside `$(…)`, backticks and subshells (`until(curl …)`); a URL held in a shell variable that the script assigns once, before the command, is read with its value (not a variable named like a credential, such as `$ES_PASSWORD`: the message shows it as written). Fences follow CommonMark, so a fence indented inside a list item counts. `search-config lint` reads `.http`/`.rest` files found in directories; Markdown and shell files when named on the command line or matched by `requests.files` in `.search-lint.json`. Requests to a host that is written out and matches none of `requests.hosts` are not judged.',
      '',
      "How paths are compared, as the engine routes them: the host, query string and fragment are dropped; `\\` is read as `/`, percent-escapes of unreserved characters are decoded (`%5Fsnapshot` is `_snapshot`), `.` and `..` segments are removed (clients remove them before sending), repeated and trailing slashes are dropped (the engine's router splits the path on `/` and ignores empty segments); segments are compared whole (`/_snapshots` is not under `/_snapshot`) and case-sensitively (the router is case-sensitive, so `/_CLUSTER` is no cluster endpoint). `%2F` is not decoded: the engine does not read it as a separator.",
      '',
      "For `PUT /_cluster/settings`, the message lists the configuration fields that carry the settings of the body (`persistent` and `transient`, flat or nested), with the values converted to each field's unit, and the settings that no field carries: those cannot be changed on the service. Comments are left out as the client leaves them out: a body line of a `.http` file starting with `#` or `//`, and in console text also `#` after a value. A setting whose value is a `{{variable}}` the file does not define is named, not converted. `search-config import-settings` is not needed for a single request: the message says what to write. Suppress a finding with a comment on the line before it: `# search-config-disable-next-line blocked-endpoint` (`#` or `//` in `.http` files and inside Markdown code blocks of a request or shell language; in Markdown also `<!-- … -->` starting a line, which on the line before a code block speaks for the block's first line). Only a real comment counts, not the same text inside a string, a request body, a here-document or a `json` block. In an editor the quick fix **Disable blocked-endpoint for this line** writes the comment. A comment that suppresses nothing is reported by `unused-suppression`.",
    ].join('\n'),
    fixable: false,
    examples: {
      valid: [
        { code: '### Health\nGET https://{{host}}/_cluster/health?wait_for_status=green\n', fileName: 'ops.http' },
        { code: '```console\nGET _cluster/settings?flat_settings=true\nGET my-index/_search\n```\n', fileName: 'runbook.md' },
      ],
      invalid: [
        {
          code: '### Raise the request size limit\nPUT {{host}}/_cluster/settings\nContent-Type: application/json\n\n{ "persistent": { "http.max_content_length": "200mb" } }\n',
          fileName: 'ops.http',
        },
        {
          code: '#!/bin/sh\ncurl -XPUT "$ES_URL/_snapshot/nightly" -H "Content-Type: application/json" -d \'{"type": "fs"}\'\n',
          fileName: 'backup.sh',
        },
        { code: '```console\nGET _cat/repositories?v\n```\n', fileName: 'runbook.md' },
      ],
    },
  },
  check() {
    /* request files are judged by judgeRequest, from the request-file analysis */
  },
});

const isSettingsUpdate = (method: string, path: string): boolean => method === 'PUT' && path === '/_cluster/settings';

/**
 * What to write in the configuration instead of a settings update, in words (values of secret fields hidden).
 * A setting whose value a variable of the request holds is named, not converted: its value is not known here.
 */
function equivalentConfiguration(req: FoundRequest): string {
  const { settings, unknown } = bodySettings(req);
  const { assignments, unmapped } = convertEngineSettings(settings);
  if (!assignments.length && !unmapped.length && !unknown.length) return ' Set the settings as fields of the configuration object instead.';
  const parts: string[] = [];
  if (assignments.length)
    parts.push(
      ` Set instead in the configuration: ${assignments.map((a) => `${a.path}: ${a.secret ? '(the value, hidden here)' : JSON.stringify(a.value)}`).join('; ')}.`,
    );
  if (unknown.length)
    parts.push(
      ` Not converted, a variable not known here stands in them: ${unknown
        .map((u) => {
          const field = BY_ENGINE_SETTING.get(u.key);
          return field ? `${u.key} (field ${field.dotted})` : u.key;
        })
        .join('; ')}.`,
    );
  if (unmapped.length) parts.push(` Cannot be carried over: ${unmapped.map((u) => `${u.setting} ${u.reason}`).join('; ')}.`);
  return parts.join('');
}

/** The finding's message for a refused request. Only the method and the normalised path are shown: never a host, credential or body value. */
export function blockedMessage(req: FoundRequest, path: string, hierarchy: BlockedHierarchy): string {
  const method = req.method.toUpperCase();
  const head = `${method} ${path} is refused by the service: ${hierarchy.prefix} is a blocked endpoint hierarchy`;
  if (isSettingsUpdate(method, path))
    return `${head}. Cluster settings are fields of the service configuration object.${equivalentConfiguration(req)}`;
  const allowedHere = ENDPOINT_POLICY.allowed.filter((e) => e.path === hierarchy.prefix || e.path.startsWith(`${hierarchy.prefix}/`));
  const readable = allowedHere.length ? ` Only ${allowedHere.map((e) => `${e.method} ${e.path}`).join(', ')} can be called there.` : '';
  return `${head}. ${hierarchy.instead}${readable}`;
}
