import type { Node } from 'web-tree-sitter';
import { startingWithin } from '../../file-facts';
import { LineIndex } from '../../lines';
import type { FieldPath, OffsetRange } from '../../types';
import { convertScalars, type Conversion } from '../conversion';
import { locateMember, type Comment, type ConfigDocument, type MemberRanges, type SyntaxProblem } from '../document';
import type { TerraformConfiguration, VariableUse } from './configuration';
import { terraformEdits } from './edits';
import type { TerraformDocumentState } from './incremental';
import { HclParseAbandoned, parseHcl } from './parser';
import { emptyOutline, pathKey, readTerraform, type Configuration, type TerraformOutline, type VariableValues } from './read';
import { CONFIGURATION_BLOCK, DEPRECATED_NAMES, providerBlockOf, providerName } from './names';
import { readAfterSyntaxErrors } from './resync';
import { pathOfKey } from './nodes';
import { declaresScalar } from './variable-types';
import { UNKNOWN_VALUE } from '../../values';
import { valueAt } from '../../walk';
import { withinPath } from '../../paths';

/** One `search_user_config` block of a Terraform file, read as a configuration. Offsets are the file's. */
export interface TerraformDocument extends ConfigDocument {
  readonly format: 'terraform';
  /** The resource address that names the configuration in findings: `vendor_search.logs`. */
  readonly address: string;
  /** Path of the innermost block (the configuration's own included) whose braces hold `offset`. */
  blockAt(offset: number): FieldPath | undefined;
  /** The member whose key or value holds `offset`, innermost first; undefined outside the block's members. */
  memberAt(offset: number): { path: FieldPath; range: OffsetRange } | undefined;
  /** Members whose value is a variable's (`var.NAME`), checked as the value its module gives it. */
  readonly variablesUsed: ReadonlyArray<{ path: FieldPath; variable: string; from: string; sensitive?: boolean }>;
}

export interface TerraformFileDocuments {
  configurations: TerraformDocument[];
  /** Syntax problems of the whole file (each configuration has those inside its resource too). */
  syntaxErrors: ConfigDocument['syntaxErrors'];
  lines: LineIndex;
  /** Set when the file exceeds a limit and was not parsed. */
  tooLarge?: { size: number; limit: number };
  tooDeep?: { depth: number; offset: number };
  /** Set when the parser gave up on the file's syntax errors (see parseAllowanceMs), with its first one when known. */
  tooBroken?: { offset: number | undefined };
  /** The comments of the file outside blocks and inside the configurations' resources (for suppression directives). */
  comments?: Comment[];
  /** The file's resources and `moved` blocks, when asked for (see parseTerraform). */
  outline?: TerraformOutline;
}

/**
 * The HCL parser builds its whole tree in WebAssembly memory, about 200 bytes per character, at
 * about a second per megabyte: a larger Terraform file is reported, not parsed.
 */
export const MAX_TERRAFORM_SIZE = 2 * 1024 * 1024;

export const isTerraformName = (fileName: string | undefined): boolean => !!fileName && /\.tf$/i.test(fileName);

/**
 * A Terraform variable definitions file (`terraform.tfvars`, `*.auto.tfvars`, their `.json` forms, any
 * `*.tfvars`): it gives a module's variables their values and is never a configuration itself.
 */
export const isTfvarsName = (file: string): boolean => /\.tfvars(?:\.json)?$/i.test(file);

/** The name of the block that holds a configuration; a file without it is not parsed at all. */
export { CONFIGURATION_BLOCK };
export const holdsConfiguration = (text: string): boolean => text.includes(CONFIGURATION_BLOCK);

/**
 * Reads every configuration of a Terraform file. The parser must be loaded (loadTerraformParser).
 * `state`: what the previous version of the same document left (its tree, the blocks read), for
 * an edit to cost what it changed; it then owns the new tree. `outline`: read the file's resources
 * and `moved` blocks too (a comparison with another version needs them), even when it holds no
 * configuration: a resource whose block was removed, or one renamed.
 */
export function parseTerraform(
  text: string,
  maxDepth = 256,
  variables?: VariableValues | ((root: Node) => VariableValues),
  state?: TerraformDocumentState,
  outline = false,
): TerraformFileDocuments {
  // A byte order mark is read as a blank, which keeps every offset.
  const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  const lines = new LineIndex(text);
  const wanted = outline ? emptyOutline() : undefined;
  const none = (): TerraformFileDocuments => ({ configurations: [], syntaxErrors: [], lines, ...(wanted ? { outline: wanted } : {}) });
  if (!holdsConfiguration(source) && !(outline && /\b(?:resource|moved)\b/.test(source))) return none();
  if (source.length > MAX_TERRAFORM_SIZE)
    return { configurations: [], syntaxErrors: [], lines, tooLarge: { size: source.length, limit: MAX_TERRAFORM_SIZE } };
  const tooDeep = nestingBeyond(source, maxDepth);
  if (tooDeep) return { configurations: [], syntaxErrors: [], lines, tooDeep };
  let tree;
  try {
    tree = state ? state.parse(source) : parseHcl(source);
  } catch (err) {
    if (err instanceof HclParseAbandoned) return { configurations: [], syntaxErrors: [], lines, tooBroken: { offset: err.firstErrorAt } };
    throw err;
  }
  try {
    // Variables' values may come from this very tree (its `variable` blocks): it is parsed once.
    const values = typeof variables === 'function' ? variables(tree.rootNode) : variables;
    // Blocks read with other values of the variables may read differently now.
    state?.memo.begin(values?.size ? JSON.stringify([...values]) : '');
    const read = readTerraform(tree.rootNode, source, values, state?.memo, wanted);
    state?.memo.end();
    // A resource the parser's recovery from a syntax error took for part of a block above it is read on its own.
    const file = read.syntaxErrors.length ? readAfterSyntaxErrors(source, read, values) : read;
    const comments = file.comments.map((c): Comment => ({
      offset: c.offset,
      length: c.length,
      text: commentBody(text.slice(c.offset, c.offset + c.length)),
      line: lines.positionAt(c.offset).line,
    }));
    const configurations = file.configurations.map((config) => configurationDocument(text, lines, config, file.syntaxErrors, comments));
    return { configurations, syntaxErrors: file.syntaxErrors, lines, comments, ...(wanted ? { outline: wanted } : {}) };
  } finally {
    if (!state) tree.delete();
  }
}

/**
 * Where brackets nest deeper than `limit` (blocks, lists, objects, calls), found without
 * recursion and before the parser runs; strings and comments are skipped. On broken input the
 * count may exceed the parser's depth, never fall below it.
 */
function nestingBeyond(text: string, limit: number): { depth: number; offset: number } | undefined {
  // The expressions jump to the next character that matters, instead of a step of JavaScript per
  // character: the file is scanned once on every cold start, before the parser's code is warm.
  const significant = /[{}[\]()"#/]/g;
  const stringStop = /[\\"\n]/g;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    significant.lastIndex = i;
    if (!significant.exec(text)) return undefined;
    i = significant.lastIndex - 1;
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // To the closing quote or the end of the line; a backslash escapes the character after it.
      stringStop.lastIndex = i + 1;
      for (;;) {
        if (!stringStop.exec(text)) {
          i = text.length;
          break;
        }
        const at = stringStop.lastIndex - 1;
        if (text.charCodeAt(at) !== 92) {
          i = at;
          break;
        }
        stringStop.lastIndex = at + 2;
      }
    } else if (c === 35 /* # */ || (c === 47 && text.charCodeAt(i + 1) === 47)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === 123 || c === 91 || c === 40) {
      if (++depth > limit) return { depth, offset: i };
    } else if ((c === 125 || c === 93 || c === 41) && depth > 0) depth--;
  }
  return undefined;
}

const commentBody = (raw: string): string =>
  (raw.startsWith('#') ? raw.slice(1) : raw.startsWith('//') ? raw.slice(2) : raw.replace(/^\/\*/, '').replace(/\*\/$/, '')).trim();

function configurationDocument(
  text: string,
  lines: LineIndex,
  config: Configuration,
  fileErrors: ConfigDocument['syntaxErrors'],
  fileComments: Comment[],
): TerraformDocument {
  const tree = {
    text,
    entries: config.entries,
    repeated: config.repeated,
    resolved: config.resolved,
    sensitive: new Set(config.sensitive.map(pathKey)),
  };
  const blockArguments = blockArgumentsOf(text, config);
  return terraformConfigurationDocument(text, lines, config, {
    blockArguments: blockArguments.length ? blockArguments : undefined,
    commentsAllowed: true,
    // The file's problems and comments are in order of offset: each configuration takes those of its
    // resource by binary search (a pass over the file's per configuration grows with their product).
    syntaxErrors: startingWithin(fileErrors, config.resource),
    comments: () => startingWithin(fileComments, config.resource),
    holdsMembers: (entry) => entry.kind === 'block',
    braces: (entry) =>
      entry.kind === 'block' && entry.open !== undefined && entry.close !== undefined
        ? { open: entry.open, close: entry.close }
        : undefined,
    editsFor: (intents) => terraformEdits(tree, intents),
  });
}

/** What the two syntaxes of Terraform do differently: comments, syntax errors, blocks, and how fixes are written. */
export interface TerraformSyntax<E> {
  commentsAllowed: boolean;
  /** Members written as arguments where the provider takes blocks (see ConfigDocument.blockArguments). */
  blockArguments?: ConfigDocument['blockArguments'];
  /** The syntax problems inside the configuration's resource. */
  syntaxErrors: ConfigDocument['syntaxErrors'];
  comments(): Comment[];
  /** Whether the member's value holds members (a block): only its key then names the member. */
  holdsMembers(entry: E): boolean;
  /** The offsets of the opening and closing brace of a block that holds members by key. */
  braces(entry: E): { open: number; close: number } | undefined;
  editsFor: ConfigDocument['editsFor'];
}

/**
 * The document of one configuration of a Terraform file, in either syntax: the resource address,
 * values after Terraform's conversion, the provider's spellings, variables' values.
 */
export function terraformConfigurationDocument<E extends MemberRanges>(
  text: string,
  lines: LineIndex,
  config: TerraformConfiguration<E>,
  syntax: TerraformSyntax<E>,
): TerraformDocument {
  const entryOf = (path: FieldPath) => config.entries.get(pathKey(path));
  const variablesUsed = [...config.resolved.values()];
  // A value from a variable declared sensitive, or given to sensitive(), is never shown, whichever field it is given to.
  const sensitivePaths = [...variablesUsed.filter((u) => u.sensitive).map((u) => u.path), ...(config.sensitive ?? [])];
  // Rules judge what Terraform sends: literals and variables' values after its conversion.
  // A number literal is converted from its text, whose every digit Terraform keeps.
  const { value, conversions } = convertScalars(config.value, (path) => {
    const at = entryOf(path)?.value;
    return at && text.slice(at.offset, at.offset + at.length);
  });
  for (const c of conversions) if (declaredByVariable(config, variablesUsed, c)) c.declared = true;
  const deprecatedNames = deprecatedNamesOf(text, config.entries);
  const readableUntil = damagedFrom(config.entries, syntax.syntaxErrors);
  return {
    format: 'terraform',
    address: config.address,
    variablesUsed,
    text,
    commentsAllowed: syntax.commentsAllowed,
    convertsScalars: true,
    appliedByTerraform: true,
    value,
    conversions: conversions.length ? conversions : undefined,
    lines,
    spellings: config.spellings.length ? config.spellings : undefined,
    deprecatedNames: deprecatedNames.length ? deprecatedNames : undefined,
    refusedKeys: config.refusedKeys?.length ? config.refusedKeys : undefined,
    blockArguments: syntax.blockArguments,
    keyName: providerName,
    syntaxErrors: syntax.syntaxErrors,
    ...(readableUntil !== undefined ? { readableUntil } : {}),
    unknownPaths: config.unknownPaths.length ? config.unknownPaths : undefined,
    sensitivePaths: sensitivePaths.length ? sensitivePaths : undefined,
    noDuplicateKeys: config.repeated.length === 0,
    comments: syntax.comments,
    rangeAt: (path) => entryOf(path)?.value,
    locate: (path, target) => locateMember(entryOf, path, target, { offset: config.resource.offset, length: 0 }),
    repeatedKeys: () => config.repeated,
    memberAt: (offset) => memberAt(config.entries, syntax, offset),
    blockAt: (offset) => blockAt(config.entries, syntax, offset),
    editsFor: syntax.editsFor,
  };
}

/**
 * Whether a converted value is a typed variable's whose declaration gives it the type it had (a
 * `type = string` variable's "70000", or its 70000, which Terraform made "70000"): whatever its
 * default or .tfvars value looks like, the variable is text at `var.NAME`, and Terraform converts it
 * for the field. Nothing written at the reference, or where the value is set, could say it otherwise.
 */
function declaredByVariable(config: TerraformConfiguration<MemberRanges>, used: readonly VariableUse[], c: Conversion): boolean {
  const use = used.find((u) => withinPath(c.path, u.path));
  const type = use && config.variables?.get(use.variable.slice('var.'.length))?.type;
  return !!type && declaresScalar(type, c.path.slice(use.path.length), c.written);
}

/**
 * Where the configuration's reading becomes a guess: the start of the outermost member (below the
 * configuration's own block) that holds its first syntax error, else the error itself. The parser
 * recovers by guessing where a damaged member ends (`openid { a = 1, b = 2 }` reads the blocks after it
 * as openid's), so that member and what follows it are not judged.
 */
function damagedFrom<E extends MemberRanges>(entries: ReadonlyMap<string, E>, errors: readonly SyntaxProblem[]): number | undefined {
  if (!errors.length) return undefined;
  // A loop, not Math.min(...): a hostile file may have more errors than a call takes arguments.
  let at = Infinity;
  for (const e of errors) if (e.offset < at) at = e.offset;
  let from = at;
  let size = -1;
  for (const [key, entry] of entries) {
    const m = entry.member;
    if (key === '' || !(m.offset <= at && at < m.offset + m.length) || m.length <= size) continue;
    // From the member's name on: findings about a block stand at its name.
    from = Math.min(from, entry.key ? Math.min(entry.key.offset, m.offset) : m.offset);
    size = m.length;
  }
  return from;
}

/**
 * The members written as an argument (`search = { ... }`, `index_patterns = [ ... ]`, the resource's
 * `search_user_config = { ... }`) where the provider takes a block: Terraform refuses them
 * ("Unsupported argument"). Their values were read as the blocks' would be.
 */
function blockArgumentsOf(text: string, config: Configuration): NonNullable<ConfigDocument['blockArguments']> {
  const out: Array<NonNullable<ConfigDocument['blockArguments']>[number]> = [];
  for (const [key, entry] of config.entries) {
    if (entry.kind !== 'attribute' || !entry.key) continue;
    const path = pathOfKey(key);
    const written = text.slice(entry.key.offset, entry.key.offset + entry.key.length);
    const block = path.length === 0 ? 'once' : providerBlockOf(path.slice(0, -1), written);
    if (!block) continue;
    const expression = isExpression(config, key, path) ? { reference: referenceText(text, entry.value) } : undefined;
    out.push({ path, key: entry.key, written, repeats: block === 'repeats', ...(expression ? { expression } : {}) });
  }
  return out.sort((a, b) => a.key.offset - b.key.offset);
}

/**
 * Whether the value at `path` is an expression: a variable's (known or not), or anything else that is
 * no literal (a reference, a call, a `for`). A constructor (`{ ... }`, `[ ... ]`) and a literal are not.
 */
function isExpression(config: Configuration, key: string, path: FieldPath): boolean {
  if (config.resolved.has(key)) return true;
  // The configuration's own value is an object even when `search_user_config = local.x` is unknown.
  return path.length ? valueAt(config.value, path) === UNKNOWN_VALUE : config.unknownPaths.some((p) => p.length === 0);
}

/**
 * A value's text when it is a plain reference (`var.oidc`, `local.search`, `module.m.out[0]`): it holds
 * no value of the file, which may be a secret, and is short enough to stand in a message.
 */
function referenceText(text: string, at: OffsetRange): string | undefined {
  const written = text.slice(at.offset, at.offset + at.length).trim();
  return written.length <= 60 && /^[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*|\[\d+\])+$/.test(written) ? written : undefined;
}

/** The top-level members written with a name the provider deprecates (the key's text, quoted in Terraform's JSON syntax). */
function deprecatedNamesOf<E extends MemberRanges>(
  text: string,
  entries: ReadonlyMap<string, E>,
): Array<{ path: FieldPath; written: string; advice: string }> {
  const out: Array<{ path: FieldPath; written: string; advice: string }> = [];
  for (const [name, advice] of Object.entries(DEPRECATED_NAMES)) {
    const key = entries.get(pathKey([name]))?.key;
    const written = key && text.slice(key.offset, key.offset + key.length);
    if (written === name || written === JSON.stringify(name)) out.push({ path: [name], written: name, advice });
  }
  return out;
}

/** The innermost member whose key, or whose value when it holds no members, holds the offset. */
function memberAt<E extends MemberRanges>(
  entries: ReadonlyMap<string, E>,
  syntax: TerraformSyntax<E>,
  offset: number,
): { path: FieldPath; range: OffsetRange } | undefined {
  let best: { path: FieldPath; range: OffsetRange } | undefined;
  const holds = (r: OffsetRange | undefined): r is OffsetRange => !!r && offset >= r.offset && offset <= r.offset + r.length;
  for (const [key, entry] of entries) {
    if (!key) continue;
    const range = holds(entry.key) ? entry.key : !syntax.holdsMembers(entry) && holds(entry.value) ? entry.value : undefined;
    if (range && (!best || range.length < best.range.length)) best = { path: pathOfKey(key), range };
  }
  return best;
}

/** Path of the innermost block of the configuration (its own included) whose braces hold `offset`. */
function blockAt<E>(entries: ReadonlyMap<string, E>, syntax: TerraformSyntax<E>, offset: number): FieldPath | undefined {
  let best: { key: string; size: number } | undefined;
  for (const [key, entry] of entries) {
    const braces = syntax.braces(entry);
    if (!braces || offset <= braces.open || offset > braces.close) continue;
    // A list is kept at its first block too: the item's own entry (ending in #N) is the one to take.
    const size = braces.close - braces.open;
    if (!best || size < best.size || (size === best.size && key.length > best.key.length)) best = { key, size };
  }
  return best && (best.key ? pathOfKey(best.key) : []);
}

/**
 * The configuration of a resource that has no `search_user_config` block (any more): nothing is
 * written, so every finding about it stands at the resource's name. The resource stays, so
 * Terraform updates the service without sending the block: a baseline's values are kept, as
 * those of an emptied block are. No fix is written (the block to write them into is gone).
 */
export function withoutBlockDocument(
  text: string,
  lines: LineIndex,
  address: string,
  at: { resource: OffsetRange; name: OffsetRange },
): TerraformDocument {
  const root = { kind: 'block' as const, key: at.name, value: at.resource, member: at.resource };
  const config: TerraformConfiguration<typeof root> = {
    address,
    resource: at.resource,
    value: {},
    entries: new Map([[pathKey([]), root]]),
    unknownPaths: [],
    repeated: [],
    spellings: [],
    resolved: new Map(),
  };
  return terraformConfigurationDocument(text, lines, config, {
    commentsAllowed: true,
    syntaxErrors: [],
    comments: () => [],
    holdsMembers: () => true,
    braces: () => undefined,
    editsFor: () => undefined,
  });
}
