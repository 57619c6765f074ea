import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import type { Node } from 'web-tree-sitter';
import { LineIndex } from '../../lines';
import { nodeValue } from '../json/document';
import { holdsConfiguration } from './document';
import { hclOverrideBlocks, jsonOverrideBlocks, type OverrideBlocks } from './override-blocks';
import { HclParseAbandoned, parseHcl } from './parser';
import { labelText, literalOf, moveOf, type VariableValues } from './read';
import { jsonMoves, type Move } from './moved';
import { exactNumberText } from '../conversion';
import { convertToType, parseTypeConstraint, type TypeConstraint } from './variable-types';

/**
 * The literal values of a module's variables, as Terraform takes them without any given on the
 * command line, later sources winning: a `variable` block's `default` in the module's `.tf` (and
 * `.tf.json`) files, the same in its override files (`override.tf`, `*_override.tf`, in the order
 * of their names), `terraform.tfvars`, `terraform.tfvars.json`, then the `*.auto.tfvars` and
 * `*.auto.tfvars.json` files in the order of their names. A value that is not a literal is left
 * out. A variable declared `sensitive = true` anywhere marks its value sensitive, wherever it is set.
 */
export function variableValues(sources: ReadonlyArray<VariableSource>): VariableValues {
  const values = new Map<string, { value: unknown; from: string; sensitive?: boolean; type?: TypeConstraint; numberText?: string }>();
  const sensitive = new Set<string>();
  const types = new Map<string, TypeConstraint>();
  // Each file's rank and name worked out once, not at every comparison (a module may have hundreds of files).
  const ordered = sources
    .map((source) => ({ source, rank: variableRank(source.fileName), name: baseName(source.fileName) }))
    .sort((a, b) => a.rank - b.rank || compareNames(a.name, b.name));
  // Declared `nullable = false`: their defaults, which a null given later leaves in place (as Terraform does).
  const notNullable = new Map<string, { value: unknown; from: string; numberText?: string } | undefined>();
  for (const { source, rank, name } of ordered) {
    if (rank < 0) continue;
    for (const found of valuesIn(source)) {
      if (found.sensitive) sensitive.add(found.name);
      if (found.type) types.set(found.name, found.type);
      const given = found.value && {
        value: found.value.value,
        from: `${source.shownAs ?? name}:${found.line + 1}`,
        numberText: found.numberText,
      };
      if (found.notNullable) notNullable.set(found.name, given);
      if (given?.value === null && notNullable.has(found.name)) {
        const kept = notNullable.get(found.name);
        if (kept) values.set(found.name, { ...kept });
        else values.delete(found.name);
      } else if (given) values.set(found.name, given);
    }
  }
  for (const [name, v] of values) {
    if (sensitive.has(name)) v.sensitive = true;
    // Terraform converts the value to the declared type before any attribute reads it.
    const type = types.get(name);
    if (type) {
      v.value = convertToType(v.value, type, v.numberText);
      v.type = type;
    }
    delete v.numberText;
  }
  return values;
}

/**
 * A file of the module: its name and text, and its syntax tree when the caller has already parsed
 * it. Read only: what a source says is kept with the object (see valuesIn), so another text is
 * another object.
 */
export interface VariableSource {
  readonly fileName: string;
  /** How messages name it, when not by fileName (see AnalyzeOptions.displayName). */
  readonly shownAs?: string;
  readonly text: string;
  readonly root?: Node;
}

const RANK_OVERRIDE = 1;

/**
 * Where a file stands in Terraform's order of variable values (a higher rank wins); -1 for a file
 * that gives none. Names are compared as Terraform does, case-sensitively.
 */
export function variableRank(fileName: string): number {
  const name = baseName(fileName);
  if (/\.auto\.tfvars(?:\.json)?$/.test(name)) return 4;
  if (name === 'terraform.tfvars.json') return 3;
  if (name === 'terraform.tfvars') return 2;
  if (/^(?:override|.*_override)\.tf(?:\.json)?$/.test(name)) return RANK_OVERRIDE;
  if (/\.tf(?:\.json)?$/.test(name)) return 0;
  return -1;
}

/** Whether a file of a module directory may give one of its variables a value (see variableRank). */
export const isVariableFile = (fileName: string): boolean => variableRank(fileName) >= 0;

/**
 * Whether a file is an override file (`override.tf`, `*_override.tf`, their `.tf.json` forms), which
 * Terraform merges into the module after its other files, in the order of their names.
 */
export const isOverrideFile = (fileName: string): boolean => variableRank(fileName) === RANK_OVERRIDE;

/** Lexical order, as Terraform sorts the files it reads (by code unit, not by locale). */
export const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

interface Found {
  name: string;
  value?: { value: unknown };
  /** A number literal's own text (Terraform keeps its every digit when it converts it to a string). */
  numberText?: string;
  line: number;
  sensitive?: boolean;
  /** A declaration's type constraint, when it has one this reader knows. */
  type?: TypeConstraint;
  /** A declaration's `nullable = false`: a null given to the variable leaves it its default. */
  notNullable?: boolean;
}

/**
 * What one file of a module says: the values it gives variables (declarations, with their defaults
 * and `sensitive`, or assignments), and for an override file, the configurations it replaces.
 */
interface SourceFacts {
  found: Found[];
  blocks?: OverrideBlocks;
  /** Its `moved` blocks (a `.tf` or `.tf.json` file). */
  moves?: Move[];
}

/**
 * What each source says, kept while the source object lives: an editor analyses every open file of
 * a module against the same module files, most of which never change, and a source's text is never
 * changed in place (a new text comes as a new object). The values found are shared, never changed:
 * Terraform's conversion copies what it converts.
 */
const factsBySource = new WeakMap<VariableSource, SourceFacts>();

function factsOf(source: VariableSource): SourceFacts {
  let facts = factsBySource.get(source);
  if (!facts) factsBySource.set(source, (facts = readSource(source)));
  return facts;
}

const valuesIn = (source: VariableSource): Found[] => factsOf(source).found;

const NO_BLOCKS: OverrideBlocks = new Map();

/**
 * The resources whose `search_user_config` an override file replaces, with the line of its block
 * (see OverrideBlocks); none for any other file. Read with the file's variables, in one parse.
 */
export const overrideBlocksOf = (source: VariableSource): OverrideBlocks => factsOf(source).blocks ?? NO_BLOCKS;

/** The `moved` blocks of the module's other files (see formerAddress). */
export const movesOf = (sources: ReadonlyArray<VariableSource> | undefined): Move[] =>
  (sources ?? []).filter((s) => /\bmoved\b/.test(s.text)).flatMap((s) => factsOf(s).moves ?? []);

/** What one file says about variables (declarations or assignments, by its rank) and, for an override file, about configurations. */
function readSource(source: VariableSource): SourceFacts {
  const { fileName, text } = source;
  const rank = variableRank(fileName);
  if (rank < 0) return { found: [] };
  const declarations = rank <= RANK_OVERRIDE;
  // Only files that can say something are parsed, once for both questions; one already parsed is not parsed again.
  const values = declarations ? text.includes('variable') : /[=:]/.test(text);
  const blocks = rank === RANK_OVERRIDE && holdsConfiguration(text);
  const moves = declarations && /\bmoved\b/.test(text);
  if (!values && !blocks && !moves) return { found: [] };
  if (/\.json$/i.test(fileName)) {
    const root = parseTree(text, [], { allowTrailingComma: false, disallowComments: true });
    return {
      found: values ? (declarations ? jsonDeclarations(root, text) : jsonAssignments(root, text)) : [],
      blocks: blocks ? jsonOverrideBlocks(root, text) : undefined,
      moves: moves && root ? jsonMoves(nodeValue(root)) : undefined,
    };
  }
  let tree;
  try {
    tree = source.root ? undefined : parseHcl(text);
  } catch (err) {
    // A file the parser gives up on says nothing: its variables stay unknown, as those of a file too large.
    if (err instanceof HclParseAbandoned) return { found: [] };
    throw err;
  }
  try {
    const body = (source.root ?? tree!.rootNode).namedChildren.find((c) => c?.type === 'body') ?? undefined;
    const found: Found[] = [];
    for (const item of values ? (body?.namedChildren ?? []) : []) {
      const one = item && (declarations ? declarationOf(item) : tfvarsValueOf(item));
      if (one) found.push(one);
    }
    const moved = moves ? (body?.namedChildren ?? []).map((item) => item && moveOf(item)).filter((m): m is Move => !!m) : undefined;
    return { found, blocks: blocks ? hclOverrideBlocks(body) : undefined, moves: moved };
  } finally {
    tree?.delete();
  }
}

/** The names of the variables a file uses (`var.NAME`), found in its text. */
export function usedVariableNames(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(/\bvar\.([A-Za-z_][A-Za-z0-9_-]*)/g), (m) => m[1]))];
}

/**
 * The module's files that may give a value to one of `names`: a file that does not even contain
 * a name's text cannot, and is not parsed (a repository's other .tf files cost only this search).
 */
export function mentioningAny<T extends { text: string }>(sources: readonly T[], names: readonly string[]): T[] {
  return sources.filter((source) => names.some((name) => source.text.includes(name)));
}

export const baseName = (fileName: string): string => fileName.replace(/^.*[\\/]/, '');

/** `variable "NAME" { default = LITERAL  sensitive = true }` (Terraform takes the label unquoted too: `variable NAME {`). */
function declarationOf(block: Node): Found | undefined {
  const parts = block.namedChildren.filter((c): c is Node => c !== null);
  if (block.type !== 'block' || parts[0]?.text !== 'variable' || !parts[1]) return undefined;
  const name = labelText(parts[1]);
  if (name === undefined) return undefined;
  const body = parts.find((p) => p.type === 'body');
  const attribute = (key: string): Node | undefined =>
    body?.namedChildren.find((a) => a?.type === 'attribute' && a.namedChildren[0]?.text === key)?.namedChildren[1] ?? undefined;
  const expr = attribute('default');
  const literal = expr ? literalOf(expr) : undefined;
  const marked = attribute('sensitive');
  const type = attribute('type');
  const nullable = attribute('nullable');
  return {
    name,
    value: literal,
    notNullable: nullable ? literalOf(nullable)?.value === false : undefined,
    numberText: numberTextOf(expr, literal),
    line: (expr ?? block).startPosition.row,
    sensitive: marked ? literalOf(marked)?.value === true : undefined,
    type: type && parseTypeConstraint(type.text),
  };
}

/** The exact text Terraform gives a number literal as a string (see exactNumberText). */
const numberTextOf = (expr: Node | undefined, literal: { value: unknown } | undefined): string | undefined =>
  expr && typeof literal?.value === 'number' ? exactNumberText(expr.text.trim(), literal.value) : undefined;

/** `NAME = LITERAL` at the top of a .tfvars file. */
function tfvarsValueOf(attribute: Node): Found | undefined {
  if (attribute.type !== 'attribute') return undefined;
  const [name, expr] = attribute.namedChildren;
  const literal = expr ? literalOf(expr) : undefined;
  return name && expr && literal
    ? { name: name.text, value: literal, numberText: numberTextOf(expr, literal), line: expr.startPosition.row }
    : undefined;
}

/** `{ "NAME": VALUE }`: a `.tfvars.json` file. */
function jsonAssignments(root: JsonNode | undefined, text: string): Found[] {
  if (root?.type !== 'object') return [];
  const lines = new LineIndex(text);
  const out: Found[] = [];
  for (const property of root.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key?.type === 'string' && value)
      out.push({
        name: String(key.value),
        value: { value: nodeValue(value) },
        numberText:
          value.type === 'number'
            ? exactNumberText(text.slice(value.offset, value.offset + value.length), value.value as number)
            : undefined,
        line: lines.positionAt(value.offset).line,
      });
  }
  return out;
}

/** `{ "variable": { "NAME": { "default": VALUE, "sensitive": true } } }`: Terraform's JSON syntax. */
function jsonDeclarations(root: JsonNode | undefined, text: string): Found[] {
  const variables = root?.type === 'object' ? member(root, 'variable') : undefined;
  if (variables?.type !== 'object') return [];
  const lines = new LineIndex(text);
  const out: Found[] = [];
  for (const property of variables.children ?? []) {
    const [key, block] = property.children ?? [];
    if (key?.type !== 'string' || block?.type !== 'object') continue;
    const value = member(block, 'default');
    const type = member(block, 'type');
    out.push({
      name: String(key.value),
      value: value && { value: nodeValue(value) },
      numberText:
        value?.type === 'number'
          ? exactNumberText(text.slice(value.offset, value.offset + value.length), value.value as number)
          : undefined,
      line: lines.positionAt((value ?? block).offset).line,
      sensitive: member(block, 'sensitive')?.value === true,
      notNullable: member(block, 'nullable')?.value === false,
      // Terraform's JSON syntax writes the type expression as a string.
      type: type?.type === 'string' ? parseTypeConstraint(String(type.value)) : undefined,
    });
  }
  return out;
}

const member = (object: JsonNode, key: string): JsonNode | undefined =>
  object.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
