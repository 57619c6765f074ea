import { diffConfigs, mayShow, parseConfig, type ConfigChange, type DiffSide } from './diff';
import { replacingChanges } from '../rules/create-only-field';
import { holdsConfiguration, parseTerraform, type TerraformDocument } from '../formats/terraform/document';
import { terraformParserLoaded } from '../formats/terraform/parser';
import { spoiledText } from '../formats/terraform/syntax-errors';
import { parseYamlFile, type YamlDocument } from '../formats/yaml/document';
import { formatOf } from '../formats/registry';
import { parseTerraformJson } from '../formats/terraform-json/document';
import type { LineIndex } from '../lines';
import { formatPath } from '../paths';
import type { SyntaxProblem } from '../formats';
import { DEFAULT_MAX_DEPTH, type Segment } from '../types';
import { isObject, UNKNOWN_VALUE } from '../values';
import { setOwn } from '../formats/terraform/expressions';
import { valueAt, withUnknownAt } from '../walk';
import { parse as parseJson } from 'jsonc-parser';
import { formerAddress, jsonMoves, jsonResources, laterAddress, type Move } from '../formats/terraform/moved';

/**
 * The configurations of one version of a file, in any format, as a change report compares them:
 * each under the name that identifies it across versions (the resource address in Terraform,
 * `Search/<metadata.name>` in a manifest, nothing for a lone JSON or YAML configuration). Read by
 * the analyzer's own readers of each format. Pure: text in, values out.
 */

export interface NamedConfiguration {
  /** `vendor_search.logs`, `Search/logs`, `document 2`; empty for the one configuration of a file. */
  name: string;
  value: unknown;
  /** What the format says about values that are expressions or must stay hidden. */
  side: DiffSide;
  /** What the version says about the configuration as a whole (a plan that replaces the service). */
  note?: string;
  /** True when this version is a new service even though the name is the same (a replacement). */
  created?: boolean;
  /** What it means that the other version does not have it, when not what the format says (see removedNote). */
  removal?: string;
}

export type FileFormat = 'json' | 'terraform' | 'yaml';

export interface ConfigurationSet {
  format: FileFormat;
  /** True for Kubernetes manifests (documents `kind: Search`). */
  manifests?: boolean;
  /** True for the two sides of a Terraform plan. */
  plan?: boolean;
  configurations: NamedConfiguration[];
  /** Terraform: every resource address of the version, with a configuration or without one. */
  resources?: ReadonlySet<string>;
  /** Terraform: the version's `moved` blocks, which give a resource of the other version its new address. */
  moved?: readonly Move[];
  /** Terraform: the other files of the module in this version (by name), where a resource may be now or have been. */
  elsewhere?: ReadonlyArray<{ fileName: string; set: ConfigurationSet }>;
}

/** `plan`: the text is a Terraform plan, which holds its own before and after. */
export type ReadConfigurations = ConfigurationSet | { error: string; plan?: true };

/** How a change report shows a file's format: Terraform in HCL or JSON alike (by resource address). */
export const formatOfName = (fileName: string | undefined): FileFormat => {
  const id = formatOf(fileName).id;
  return id === 'terraform' || id === 'terraform-json' ? 'terraform' : id === 'yaml' ? 'yaml' : 'json';
};

/**
 * Reads every configuration of a text named `fileName` (its name gives its format). `text`
 * undefined: the file does not exist in that version (a git revision before it was added), which
 * is a Terraform or YAML file without configurations, or an empty JSON configuration.
 */
export function readConfigurations(
  text: string | undefined,
  fileName: string | undefined,
  maxDepth = DEFAULT_MAX_DEPTH,
): ReadConfigurations {
  switch (formatOf(fileName).id) {
    case 'terraform-json':
      return readTerraformJson(text ?? '');
    case 'terraform':
      return readTerraform(text ?? '', maxDepth);
    case 'yaml':
      return readYaml(text ?? '', fileName, maxDepth);
    default: {
      // A JSON configuration or a plan (a request file is read as JSON too, and says it is none).
      const parsed = parseConfig(text ?? '{}');
      if (parsed.error !== undefined) return { error: parsed.error, plan: parsed.plan };
      return { format: 'json', configurations: [{ name: '', value: parsed.value, side: {} }] };
    }
  }
}

function syntaxError(lines: LineIndex, e: SyntaxProblem): string {
  const pos = lines.positionAt(e.offset);
  return `syntax error at line ${pos.line + 1}, column ${pos.character + 1} (${e.code})`;
}

function readTerraform(text: string, maxDepth: number): ReadConfigurations {
  // The parser (WebAssembly) is loaded by the host only when a .tf file is to be read.
  if (holdsConfiguration(text) && !terraformParserLoaded()) return { error: 'the Terraform parser is not loaded' };
  // Variables are not looked up: a value written as an expression is reported as not known until plan.
  // Its resources without a configuration too (one whose block was removed), when the parser is loaded.
  const file = parseTerraform(text, maxDepth, undefined, undefined, terraformParserLoaded());
  if (file.tooLarge) return { error: `it has ${file.tooLarge.size} characters, more than the ${file.tooLarge.limit} the HCL parser reads` };
  if (file.tooDeep)
    return { error: `blocks, lists or calls are nested ${file.tooDeep.depth} levels deep, more than the ${maxDepth} levels read` };
  if (file.tooBroken) return { error: 'the HCL parser gave up on its syntax errors' };
  // As lint: a syntax problem counts when it is inside a configuration, or may be what kept one from being read.
  const covered = new Set(file.configurations.flatMap((d) => d.syntaxErrors));
  const blocking = file.syntaxErrors.find((e) => covered.has(e) || !file.configurations.length || holdsConfiguration(spoiledText(text, e)));
  if (blocking) return { error: syntaxError(file.lines, blocking) };
  return {
    format: 'terraform',
    resources: new Set(file.outline?.resources.keys()),
    moved: file.outline?.moved,
    configurations: file.configurations.map((doc) => {
      const dynamic = new Map<string, string>();
      // A value given to sensitive() is compared and shown as the expression it is written in, which is
      // never shown (see display): Terraform keeps it out of every output, and so does a change report.
      const value = withUnknownAt(withDynamicItemsUnknown(doc, doc.value, [], dynamic), doc.sensitivePaths ?? []);
      return { name: doc.address, value, side: terraformSide(doc, dynamic) };
    }),
  };
}

/** Terraform's JSON syntax (`.tf.json`): its configurations by resource address, as for a `.tf` file. */
function readTerraformJson(text: string): ReadConfigurations {
  const file = parseTerraformJson(text);
  // Terraform reads nothing of a JSON file with a syntax error.
  if (file.syntaxErrors.length) return { error: syntaxError(file.lines, file.syntaxErrors[0]) };
  const value = parseJson(text) as unknown;
  return {
    format: 'terraform',
    resources: jsonResources(value),
    moved: jsonMoves(value),
    // A value given to sensitive() is compared and shown as the expression it is written in, as in a .tf file.
    configurations: file.configurations.map((doc) => ({
      name: doc.address,
      value: withUnknownAt(doc.value, doc.sensitivePaths ?? []),
      side: terraformSide(doc, new Map()),
    })),
  };
}

/** An expression's text, for a value the text does not determine; `dynamic`: the items of dynamic blocks, by path. */
function terraformSide(doc: TerraformDocument, dynamic: ReadonlyMap<string, string>): DiffSide {
  const unknown = new Set([...(doc.unknownPaths ?? []), ...(doc.sensitivePaths ?? [])].map((p) => formatPath(p)));
  return {
    appliedByTerraform: true,
    writtenName(key) {
      const at = doc.rangeAt([key]) && doc.locate([key], 'key');
      return at ? doc.text.slice(at.offset, at.offset + at.length).replace(/^"|"$/g, '') : undefined;
    },
    expressionAt(path) {
      const key = formatPath(path);
      if (dynamic.has(key)) return dynamic.get(key);
      if (!unknown.has(key)) return undefined;
      const at = doc.rangeAt([...path]);
      return at ? doc.text.slice(at.offset, at.offset + at.length) : '';
    },
  };
}

/**
 * The analyzer reads a `dynamic "index_patterns"` block as one item made of its `content`, so that
 * the content's keys are checked; how many items it makes is known only at plan. A comparison shows
 * such an item as not known (its `for_each`), never as one item of these values.
 */
function withDynamicItemsUnknown(doc: TerraformDocument, value: unknown, path: Segment[], dynamic: Map<string, string>): unknown {
  if (Array.isArray(value)) {
    return value.map((item, i) => {
      const itemPath = [...path, i];
      const forEach = isObject(item) ? dynamicForEach(doc, itemPath) : undefined;
      if (forEach === undefined) return withDynamicItemsUnknown(doc, item, itemPath, dynamic);
      dynamic.set(formatPath(itemPath), `dynamic block, for_each = ${forEach}`);
      return UNKNOWN_VALUE;
    });
  }
  if (!isObject(value) || value === UNKNOWN_VALUE) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) setOwn(out, k, withDynamicItemsUnknown(doc, value[k], [...path, k], dynamic));
  return out;
}

/**
 * The `for_each` of the dynamic block an item of a list comes from; undefined for a block written
 * out. Such an item is located at the dynamic block's label (`"index_patterns"`, quoted) and its
 * value is the `content` block after it.
 */
function dynamicForEach(doc: TerraformDocument, itemPath: Segment[]): string | undefined {
  const key = doc.locate(itemPath, 'key'),
    content = doc.rangeAt(itemPath);
  if (!content || doc.text.charCodeAt(key.offset) !== 34 /* " */ || key.offset >= content.offset) return undefined;
  const between = doc.text.slice(key.offset + key.length, content.offset);
  if (!/\bcontent\s*$/.test(between)) return undefined;
  return /\bfor_each\s*=\s*([^\r\n]*)/.exec(between)?.[1].trim() ?? '';
}

function readYaml(text: string, fileName: string | undefined, maxDepth: number): ReadConfigurations {
  const file = parseYamlFile(text, fileName, maxDepth);
  // A template document that may be a configuration (always said) keeps the file from being compared.
  const template = file.template ?? file.skipped.find((s) => s.always)?.offset;
  if (template !== undefined) {
    const line = file.lines.positionAt(template).line + 1;
    return {
      error: `it is a template ({{ }} at line ${line}, as in a Helm chart): its values are known only once it is rendered; compare the rendered manifests (helm template)`,
    };
  }
  if (file.tooDeep) return { error: `lists and maps are nested ${file.tooDeep.depth} levels deep, more than the ${maxDepth} levels read` };
  if (file.limits.length) return { error: file.limits[0].message };
  if (file.syntaxErrors.length) return { error: syntaxError(file.lines, file.syntaxErrors[0]) };
  return {
    format: 'yaml',
    manifests: file.manifests,
    // An empty document (no text, or only comments) is an empty configuration, compared field by field.
    configurations: file.configurations.map((doc) => ({
      name: doc.label,
      value: !file.manifests && doc.value === null ? {} : doc.value,
      side: yamlSide(doc),
    })),
  };
}

const related = (a: readonly Segment[], b: readonly Segment[]): boolean => {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
};

/**
 * An alias (`*name`) shares its anchor's value: when either end is a secret field (or a key the
 * schema does not know, which may be a misspelt one), the value is hidden at both ends.
 */
function yamlSide(doc: YamlDocument): DiffSide {
  const hidden: Segment[][] = [];
  for (const alias of doc.sharing) {
    if (alias.kind !== 'alias') continue;
    const anchor = doc.sharing.find((s) => s.kind === 'anchor' && s.range.offset === alias.other);
    const ends = anchor ? [alias.path, anchor.path] : [alias.path];
    if (ends.some((p) => !mayShow(valueAt(doc.value, p), p))) hidden.push(...ends);
  }
  if (!hidden.length) return {};
  return { hidden: (path) => hidden.some((h) => related(h, path)) };
}

/** How a configuration without a name is called when it is added or removed. */
const UNNAMED = '(the configuration)';

/** What happened to one configuration between the two versions. */
export interface ConfigurationChanges {
  name: string;
  status: 'changed' | 'unchanged' | 'added' | 'removed';
  changes: ConfigChange[];
  /** What an added or removed configuration means for the service. */
  note?: string;
}

function addedNote(set: ConfigurationSet): string {
  if (set.plan) return 'The plan creates this service with these values.';
  if (set.format === 'terraform') return 'A new resource: Terraform creates a new service with these values.';
  if (set.manifests) return 'A new manifest: applying it creates a new service with these values.';
  return 'A new configuration: these are the values of a new service.';
}

function removedNote(set: ConfigurationSet): string {
  if (set.plan) return 'The plan destroys this service.';
  if (set.format === 'terraform')
    return 'No longer in the file: Terraform plans to destroy this service, unless a moved block gives the resource its new address (or a removed block keeps the service).';
  if (set.manifests)
    return 'No longer in the file: kubectl apply leaves the service as it is, but a tool that prunes (kubectl apply --prune, Argo CD, Flux) deletes it.';
  return 'No longer in the file.';
}

const BLOCK_REMOVED =
  'The search_user_config block was removed, but the resource stays: Terraform updates the service without destroying it, and removing the block resets nothing (the API merges the configuration).';

/**
 * Matches the configurations of two versions by name and compares each pair. Removed
 * configurations come first (the most consequential), then those of the new version in order.
 * A lone configuration without a name (a JSON file) is compared with the lone configuration of
 * the other version whatever its name, so that a configuration moved into Terraform compares too.
 */
export function diffConfigurationSets(before: ConfigurationSet, after: ConfigurationSet): ConfigurationChanges[] {
  const old = before.configurations,
    now = after.configurations;
  const lonePair = old.length === 1 && now.length === 1 && (old[0].name === '' || now[0].name === '');
  const out: ConfigurationChanges[] = [];
  const byName = new Map(old.map((c) => [c.name, c]));
  const matched = new Set<NamedConfiguration>();
  // A moved block of the new version (in the file or another of its module) renames a resource of the
  // old one that the module no longer declares.
  const moves = [...(after.moved ?? []), ...(after.elsewhere ?? []).flatMap((e) => e.set.moved ?? [])];
  const declared = new Set([...now.map((c) => c.name), ...(after.resources ?? [])]);
  for (const { set } of after.elsewhere ?? [])
    for (const name of [...set.configurations.map((c) => c.name), ...(set.resources ?? [])]) declared.add(name);
  const formerOf = (name: string, had: (a: string) => boolean): string | undefined =>
    moves.length ? formerAddress(moves, name, (a) => had(a) && !declared.has(a)) : undefined;
  const renamedFrom = new Map<NamedConfiguration, string>();
  const partners = now.map((c) => {
    let partner = lonePair ? old[0] : byName.get(c.name);
    const former = partner || !c.name ? undefined : formerOf(c.name, (a) => byName.has(a));
    if (former && !matched.has(byName.get(former)!)) {
      partner = byName.get(former);
      renamedFrom.set(c, former);
    }
    if (partner) matched.add(partner);
    return partner;
  });
  for (const c of old) {
    if (matched.has(c)) continue;
    // Where the resource is now: at its address, or where a moved block takes it, in this file or
    // another of the module (Terraform addresses a resource by its module, not by its file).
    const stays = c.name && !declared.has(c.name) && moves.length ? laterAddress(moves, c.name) : c.name;
    const renamed = stays !== c.name ? renamedNote(c.name) : undefined;
    // Moved into another file: one that did not declare it before (two files declaring it are Terraform's error, not a move).
    const there = stays && !after.resources?.has(stays) && !inModule(before, stays) ? inModule(after, stays) : undefined;
    const config = there?.set.configurations.find((x) => x.name === stays);
    if (there && config) {
      out.push(comparedPair(c, config, stays, [renamed, movedFileNote(there.fileName, 'now')]));
      continue;
    }
    // The resource stays without its block: Terraform updates the service, which keeps every value (as with an emptied block).
    if (stays && (there || after.resources?.has(stays))) {
      const changes = diffConfigs(c.value, {}, { before: c.side, after: { appliedByTerraform: true } });
      const note = [renamed, there && movedFileNote(there.fileName, 'now'), BLOCK_REMOVED].filter(Boolean).join(' ');
      out.push({ name: stays, status: 'changed', changes, note });
      continue;
    }
    out.push({ name: c.name || UNNAMED, status: 'removed', changes: [], note: c.removal ?? removedNote(before) });
  }
  now.forEach((c, i) => {
    let partner = partners[i];
    // Unnamed on both sides, the one configuration of each file is reported as a plain list (see isSingleConfiguration).
    const name = c.name || partner?.name || (partner ? '' : UNNAMED);
    // Not in the old version of the file: maybe in another file of the module then (under this address or a former one).
    const had = (a: string): boolean => !inModule(after, a) && !!inModule(before, a)?.set.configurations.some((x) => x.name === a);
    const from = !partner && c.name ? (had(c.name) ? c.name : formerOf(c.name, had)) : undefined;
    const was = from ? inModule(before, from) : undefined;
    partner = partner ?? was?.set.configurations.find((x) => x.name === from);
    if (!partner) {
      const note = [addedNote(after), c.note].filter(Boolean).join(' ');
      out.push({ name, status: 'added', changes: diffConfigs({}, c.value, { after: c.side, created: true }), note });
      return;
    }
    const former = renamedFrom.get(c) ?? (from !== c.name ? from : undefined);
    out.push(comparedPair(partner, c, name, [former && renamedNote(former), was && movedFileNote(was.fileName, 'was')]));
  });
  return out;
}

/** The other file of the module that declares the resource, in a version. */
function inModule(set: ConfigurationSet, address: string): NonNullable<ConfigurationSet['elsewhere']>[number] | undefined {
  return set.elsewhere?.find((e) => e.set.resources?.has(address) || e.set.configurations.some((c) => c.name === address));
}

/** One configuration's two versions compared, with what is said of it. */
function comparedPair(
  partner: NamedConfiguration,
  c: NamedConfiguration,
  name: string,
  notes: ReadonlyArray<string | undefined | false>,
): ConfigurationChanges {
  // A fork field changed makes the provider replace the service, as a plan's replace does: a new service.
  const replacing = c.side.appliedByTerraform && !c.created ? replacingChanges(c.value, partner.value) : [];
  const created = c.created || replacing.length > 0;
  const changes = diffConfigs(partner.value, c.value, { before: partner.side, after: c.side, created, replacing });
  const note = [c.note, ...notes, replacingNote(replacing), spellingNote(partner.side, c.side)].filter(Boolean).join(' ') || undefined;
  return { name, status: changes.length || note ? 'changed' : 'unchanged', changes, note };
}

/** A resource that moved between the files of its module: the same service. */
const movedFileNote = (fileName: string, when: 'now' | 'was'): string =>
  `${when === 'now' ? 'Now' : 'Before'} in ${fileName}, another file of the module: Terraform addresses a resource by its module, not by its file, so this is the same service, compared with the resource ${when === 'now' ? 'there' : 'as it was there'}.`;

/** A resource a moved block renamed: the same service. */
const renamedNote = (former: string): string =>
  `Renamed from ${former} by a moved block: Terraform updates the service at its new address, without destroying it.`;

/** What a replacement for a fork field means for the rest of the configuration's changes. */
function replacingNote(replacing: readonly string[]): string | undefined {
  if (!replacing.length) return undefined;
  return `Terraform replaces this service (${replacing.join(' and ')} changed): it destroys it and creates a new one with these values, so nothing restarts and nothing removed is kept.`;
}

/** True when the comparison is of one configuration without a name on each side: reported as a plain list of changes. */
export const isSingleConfiguration = (result: readonly ConfigurationChanges[]): boolean =>
  result.length === 1 && result[0].name === '' && (result[0].status === 'changed' || result[0].status === 'unchanged');

/**
 * The filter written under another of the provider's names than before (`ip_filter` to
 * `ip_filter_string`): the same value, but a change the provider has mishandled, dropping every
 * filter of the service (its issues 987 and 1622).
 */
function spellingNote(before: DiffSide, after: DiffSide): string | undefined {
  const was = before.writtenName?.('ip_filter'),
    now = after.writtenName?.('ip_filter');
  return was && now && was !== now
    ? `ip_filter is written ${now} here and ${was} before: the provider has dropped every filter of a service when the spelling changed. Make this change in an apply of its own and read its plan first.`
    : undefined;
}
