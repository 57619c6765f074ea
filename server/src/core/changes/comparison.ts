import { addCounts, countChanges, type ChangeCounts, type ConfigChange } from './diff';
import {
  diffConfigurationSets,
  isSingleConfiguration,
  readConfigurations,
  type ConfigurationChanges,
  type ConfigurationSet,
} from './configurations';
import { readPlan } from './plan';
import {
  changeLines,
  changeTable,
  codeCell,
  formatChangesJson,
  formatChangesMarkdown,
  formatChangesText,
  headlines,
  plural,
  textCell,
} from './report';

/**
 * The change report of two versions of a file in any format: a lone configuration (a JSON file)
 * gets the plain list of its changes; a file of named configurations (Terraform resources,
 * manifests) gets each configuration's changes under its name, added and removed ones said so.
 */

export type ReportFormat = 'text' | 'json' | 'markdown';
export interface Labels {
  old: string;
  new: string;
}

/** Why a comparison of the two versions cannot be made (after "cannot compare"), or what the versions hold. */
export type Comparison = { error: string; which?: 'old' | 'new'; plan?: true } | { result: ConfigurationChanges[] };

/** A file of the compared file's Terraform module (its directory), in one of the two versions. */
export interface ModuleFile {
  fileName: string;
  text: string;
}

/**
 * Reads both versions (each with the format its name gives) and compares them. A text undefined:
 * the file does not exist in that version (not yet, or no longer). `modules`: the other `.tf` and
 * `.tf.json` files of a Terraform file's module in each version: Terraform addresses a resource by its
 * module, not its file, so one that left the file for another of the module is not destroyed.
 */
export function compareTexts(
  oldText: string | undefined,
  newText: string | undefined,
  names: { old?: string; new?: string },
  modules?: { old?: readonly ModuleFile[]; new?: readonly ModuleFile[] },
): Comparison {
  const before = readConfigurations(oldText, names.old),
    after = readConfigurations(newText, names.new);
  if ('error' in before) return { error: before.error, which: 'old', plan: before.plan };
  if ('error' in after) return { error: after.error, which: 'new', plan: after.plan };
  if (before.format === 'terraform' && after.format === 'terraform') {
    before.elsewhere = moduleSets(modules?.old);
    after.elsewhere = moduleSets(modules?.new);
  }
  if (!before.configurations.length && !after.configurations.length)
    return { error: `neither version holds a configuration (${expected(after)})` };
  const ambiguous = unmatchable(before, after) ?? unmatchable(after, before);
  if (ambiguous) return { error: ambiguous };
  return { result: diffConfigurationSets(before, after) };
}

/** The module's other files as read (one that cannot be read, a syntax error in it, counts for nothing). */
function moduleSets(files: readonly ModuleFile[] | undefined): ConfigurationSet['elsewhere'] {
  const out: NonNullable<ConfigurationSet['elsewhere']>[number][] = [];
  for (const { fileName, text } of files ?? []) {
    const set = readConfigurations(text, fileName);
    if (!('error' in set) && set.format === 'terraform') out.push({ fileName, set });
  }
  return out.length ? out : undefined;
}

/**
 * A lone configuration without a name (a JSON file) compares with the lone configuration of the
 * other version; with several named ones, which one it is cannot be told.
 */
function unmatchable(lone: ConfigurationSet, named: ConfigurationSet): string | undefined {
  if (lone.configurations.length !== 1 || lone.configurations[0].name !== '' || named.configurations.length < 2) return undefined;
  const names = named.configurations.map((c) => c.name);
  return `one version is a single configuration and the other holds ${names.length} (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', ...' : ''}): which one it was cannot be told; compare versions of the same file`;
}

/** The two versions a Terraform plan holds of each resource with a configuration, compared. */
export function comparePlan(text: string): Comparison {
  const plan = readPlan(text);
  if (!plan)
    return {
      error:
        'it is not a Terraform plan: with one file, diff compares the state and the values a plan (terraform show -json PLANFILE) holds; to compare two configurations, give OLD and NEW',
      which: 'new',
    };
  if ('error' in plan) return { error: plan.error, which: 'new' };
  if (!plan.before.configurations.length && !plan.after.configurations.length)
    return { error: 'the plan changes no resource with a search_user_config block', which: 'new' };
  return { result: diffConfigurationSets(plan.before, plan.after) };
}

function expected(set: ConfigurationSet): string {
  if (set.format === 'terraform') return 'a search_user_config block in a resource';
  return set.manifests ? 'a document kind: Search with a spec.userConfig' : 'a configuration document';
}

function allChanges(result: readonly ConfigurationChanges[]): ConfigChange[] {
  return result.flatMap((c) => c.changes);
}

/** The changed fields of every configuration, counted in each (a field of two configurations is two). */
function allCounts(result: readonly ConfigurationChanges[]): ChangeCounts {
  return addCounts(result.map((c) => countChanges(c.changes)));
}

/** Headlines of configurations added and removed, after those of the fields' classes. */
function setHeadlines(result: readonly ConfigurationChanges[]): string[] {
  const names = (status: ConfigurationChanges['status']): string[] => result.filter((c) => c.status === status).map((c) => c.name);
  const out = headlines(allCounts(result));
  const removed = names('removed'),
    added = names('added');
  if (removed.length) out.unshift(`⚠ ${plural(removed.length, 'configuration', 'configurations')} removed: ${removed.join(', ')}`);
  if (added.length) out.push(`${plural(added.length, 'configuration', 'configurations')} added: ${added.join(', ')}`);
  return out;
}

function setSummary(result: readonly ConfigurationChanges[]): string {
  const counts = allCounts(result);
  const by = (status: ConfigurationChanges['status']): number => result.filter((c) => c.status === status).length;
  if (!counts.total && !by('added') && !by('removed') && !by('changed'))
    return `No changes in ${plural(result.length, 'configuration', 'configurations')}.`;
  const parts = (['changed', 'added', 'removed', 'unchanged'] as const).filter((s) => by(s)).map((s) => `${by(s)} ${s}`);
  return `${plural(counts.total, 'changed field', 'changed fields')} in ${plural(result.length, 'configuration', 'configurations')} (${parts.join(', ')}).`;
}

/** A configuration's own line; its fields counted as the summary counts them (the items of one list are one field). */
function heading(c: ConfigurationChanges): string {
  const fields = countChanges(c.changes).total;
  if (c.status === 'added') return `added configuration, ${plural(fields, 'field', 'fields')} set`;
  if (c.status === 'removed') return 'removed configuration';
  return c.status === 'unchanged' ? 'no changes' : plural(fields, 'changed field', 'changed fields');
}

function formatSetText(result: readonly ConfigurationChanges[], labels: Labels): string {
  const lines = [`Changes from ${labels.old} to ${labels.new}: ${setSummary(result)}`];
  for (const h of setHeadlines(result)) lines.push(`  ${h}`);
  for (const c of result) {
    lines.push('', `${c.name}: ${heading(c)}`);
    if (c.note) lines.push(`    ${c.note}`);
    lines.push(...changeLines(c.changes));
  }
  return `${lines.join('\n')}\n`;
}

function formatSetMarkdown(result: readonly ConfigurationChanges[], labels?: Labels): string {
  const lines: string[] = [`### Search configuration changes${labels ? `: ${codeCell(labels.old)} → ${codeCell(labels.new)}` : ''}`, ''];
  lines.push(`**${setSummary(result)}**`, '');
  const heads = setHeadlines(result);
  if (heads.length) lines.push(...heads.map((h) => `- ${h}`), '');
  const unchanged = result.filter((c) => c.status === 'unchanged');
  for (const c of result) {
    if (c.status === 'unchanged') continue;
    lines.push(`#### ${codeCell(c.name)}: ${heading(c)}`, '');
    if (c.note) lines.push(textCell(c.note), '');
    if (c.changes.length) lines.push(...changeTable(c.changes), '');
  }
  if (unchanged.length) lines.push(`Unchanged: ${unchanged.map((c) => codeCell(c.name)).join(', ')}.`);
  return `${lines.join('\n').trimEnd()}\n`;
}

const changeJson = ({ path, kind, before, after, classes, notes }: ConfigChange) => ({ path, kind, before, after, classes, notes });

function formatSetJson(result: readonly ConfigurationChanges[], labels: Labels): string {
  const report = {
    old: labels.old,
    new: labels.new,
    summary: allCounts(result),
    // Every field's change, each with the configuration it belongs to, for tools that read one list.
    changes: result.flatMap((c) => c.changes.map((change) => ({ configuration: c.name, ...changeJson(change) }))),
    configurations: result.map((c) => ({
      name: c.name,
      status: c.status,
      note: c.note,
      summary: countChanges(c.changes),
      changes: c.changes.map(changeJson),
    })),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** The report of a comparison in one of the formats. */
export function formatComparison(result: readonly ConfigurationChanges[], labels: Labels, format: ReportFormat): string {
  if (format === 'markdown') return formatMarkdown(result, labels);
  if (isSingleConfiguration(result)) {
    const changes = result[0].changes;
    return format === 'json' ? formatChangesJson(changes, labels) : formatChangesText(changes, labels);
  }
  return format === 'json' ? formatSetJson(result, labels) : formatSetText(result, labels);
}

/** Markdown, the format that reads without labels (the editor's view may have none). */
const formatMarkdown = (result: readonly ConfigurationChanges[], labels?: Labels): string =>
  isSingleConfiguration(result) ? formatChangesMarkdown(result[0].changes, labels) : formatSetMarkdown(result, labels);

export interface ChangeImpact {
  markdown: string;
  changes: ConfigChange[];
  error?: string;
}

/**
 * For the editor's "change impact" view: the changes between the deployed text and the edited one,
 * each read with the format its file name gives (a string: the same name for both).
 */
export function changeImpact(
  oldText: string,
  newText: string,
  labels?: Labels,
  fileNames?: string | { old?: string; new?: string },
): ChangeImpact {
  const names = typeof fileNames === 'string' ? { old: fileNames, new: fileNames } : (fileNames ?? {});
  const compared = compareTexts(oldText, newText, names);
  if ('error' in compared) {
    const which =
      compared.which === 'old'
        ? `${labels?.old ?? 'the old configuration'}: `
        : compared.which === 'new'
          ? `${labels?.new ?? 'the new configuration'}: `
          : '';
    const error = `${which}${compared.error}`;
    return { markdown: `Cannot compare the configurations: ${error}.\n`, changes: [], error };
  }
  const { result } = compared;
  return { markdown: formatMarkdown(result, labels), changes: allChanges(result) };
}
