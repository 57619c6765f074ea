import { cpuNow } from '../support/cpu-time';
import { leaks } from '../support/secret-configs';
import { main } from '../../server/src/cli/main';
import type { CliIO } from '../../server/src/cli/io';
import { readSettingsYaml, YAML_LIMITS } from '../../server/src/cli/settings-yaml';
import { FLATTEN_LIMITS, flattenEngineSettings } from '../../server/src/core/engine-settings';
import { repoRoot } from './corpus';
import type { Problem } from './invariants';
import type { Surface } from './surfaces';
import { generateSettingsYaml } from './yaml-generate';

async function importStdin(text: string): Promise<{ code: number; out: string; err: string }> {
  let out = '',
    err = '';
  const io: CliIO = {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    cwd: repoRoot(),
    isTTY: false,
    env: {},
    readStdin: async () => text,
  };
  const code = await main(['import-settings', '-'], io);
  return { code, out, err };
}

/**
 * Work the reading may do for a text: each node converted once, each key merged once, and what the
 * aliases stand for (at most YAML_LIMITS.aliasValues). A text has at most one node per character or two.
 */
const workBound = (text: string): number => 4 * text.length + YAML_LIMITS.aliasValues + 16;
/** Output: every setting name and value, with escapes, and a line of explanation for each. Generous. */
const outputBound = (text: string): number => 256 * (text.length + YAML_LIMITS.aliasValues) + 65_536;

/**
 * import-settings on generated settings files (YAML mostly, sometimes the fuzz configuration as JSON):
 * no crash or internal error, a clear message with exit 2 on what cannot be read, output within a
 * bound, no canary credential printed, and the work of reading and flattening bounded by the size of
 * the text (counted in steps, not time).
 */
export const importSettingsSurface: Surface = {
  name: 'import-settings',
  async run(input, rng, timed) {
    const out: Problem[] = [];
    const { text, canaries, mutated } = generateSettingsYaml(rng, input.text);
    const t0 = cpuNow();
    const r = await importStdin(text);
    timed.record('import-settings', cpuNow() - t0);
    const all = r.out + r.err;
    if (![0, 1, 2].includes(r.code) || /internal error/i.test(all))
      out.push({ kind: 'import-crash', message: `exit ${r.code}: ${all.slice(0, 300)}` });
    if (r.code === 2 && !/^search-config import-settings: (cannot read standard input: |standard input: )/.test(r.err))
      out.push({ kind: 'import-message', message: `exit 2 without a clear message: ${r.err.slice(0, 300)}` });
    if (r.code === 2 && /\[input-limit\]/.test(r.err) && r.out !== '')
      out.push({ kind: 'import-message', message: 'input-limit, yet a fragment was printed' });
    if (all.length > outputBound(text))
      out.push({ kind: 'import-output', message: `${all.length} characters of output for ${text.length} of input` });
    // Credentials are only in settings that have no configuration field, whose values are never shown.
    // A mutation may move a canary into a setting name, which is shown: only there is it allowed.
    const found = leaks(all, canaries);
    const inSettingName = (line: string): boolean =>
      /^search-config import-settings: \S.* (has no configuration field|is an index setting)/.test(line);
    const allowed =
      mutated &&
      r.code !== 2 &&
      all
        .split('\n')
        .filter((l) => canaries.some((c) => l.includes(c)))
        .every(inSettingName);
    if (found.length && !allowed) out.push({ kind: 'import-secret', message: found[0] });
    const read = timed('import-settings read', () => readSettingsYaml(text.trim()));
    if (read.work > workBound(text)) out.push({ kind: 'import-work', message: `${read.work} steps to read ${text.length} characters` });
    if (read.ok) {
      const flat = timed('import-settings flatten', () => flattenEngineSettings(read.value));
      if (flat.work.visits > Math.min(FLATTEN_LIMITS.visits + 1, workBound(text)))
        out.push({ kind: 'import-work', message: `${flat.work.visits} values visited to flatten ${text.length} characters` });
    }
    return out;
  },
};
