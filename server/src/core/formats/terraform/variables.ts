import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import type { Node } from 'web-tree-sitter';
import { LineIndex } from '../../lines';
import { nodeValue } from '../json/document';
import { HclParseAbandoned, parseHcl } from './parser';
import { literalOf, type VariableValues } from './read';
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
  const values = new Map<string, { value: unknown; from: string; sensitive?: boolean; numberText?: string }>();
  const sensitive = new Set<string>();
  const types = new Map<string, TypeConstraint>();
  // Each file's rank and name worked out once, not at every comparison (a module may have hundreds of files).
  const ordered = sources
    .map((source) => ({ source, rank: variableRank(source.fileName), name: baseName(source.fileName) }))
    .sort((a, b) => a.rank - b.rank || compareNames(a.name, b.name));
  for (const { source, rank, name } of ordered) {
    if (rank < 0) continue;
    for (const found of valuesIn(source, rank <= RANK_OVERRIDE)) {
      if (found.sensitive) sensitive.add(found.name);
      if (found.type) types.set(found.name, found.type);
      if (found.value)
        values.set(found.name, {
          value: found.value.value,
          from: `${source.shownAs ?? name}:${found.line + 1}`,
          numberText: found.numberText,
        });
    }
  }
  for (const [name, v] of values) {
    if (sensitive.has(name)) v.sensitive = true;
    // Terraform converts the value to the declared type before any attribute reads it.
    const type = types.get(name);
    if (type) v.value = convertToType(v.value, type, v.numberText);
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

/** Lexical order, as Terraform sorts the files it reads (by code unit, not by locale). */
const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

interface Found {
  name: string;
  value?: { value: unknown };
  /** A number literal's own text (Terraform keeps its every digit when it converts it to a string). */
  numberText?: string;
  line: number;
  sensitive?: boolean;
  /** A declaration's type constraint, when it has one this reader knows. */
  type?: TypeConstraint;
}

/**
 * What each source says, kept while the source object lives: an editor analyses every open file of
 * a module against the same module files, most of which never change, and a source's text is never
 * changed in place (a new text comes as a new object). The values found are shared, never changed:
 * Terraform's conversion copies what it converts.
 */
const foundBySource = new WeakMap<VariableSource, Found[]>();

function valuesIn(source: VariableSource, declarations: boolean): Found[] {
  let found = foundBySource.get(source);
  if (!found) foundBySource.set(source, (found = valuesFound(source, declarations)));
  return found;
}

/** What one file says about variables: declarations (defaults, `sensitive`) or assignments. */
function valuesFound(source: VariableSource, declarations: boolean): Found[] {
  const { fileName, text } = source;
  // Only files that can say something are parsed; one already parsed is not parsed again.
  if (declarations ? !text.includes('variable') : !/[=:]/.test(text)) return [];
  if (/\.json$/i.test(fileName)) return declarations ? jsonDeclarations(text) : jsonAssignments(text);
  let tree;
  try {
    tree = source.root ? undefined : parseHcl(text);
  } catch (err) {
    // A file the parser gives up on says nothing: its variables stay unknown, as those of a file too large.
    if (err instanceof HclParseAbandoned) return [];
    throw err;
  }
  try {
    const body = (source.root ?? tree!.rootNode).namedChildren.find((c) => c?.type === 'body');
    const out: Found[] = [];
    for (const item of body?.namedChildren ?? []) {
      const found = item && (declarations ? declarationOf(item) : tfvarsValueOf(item));
      if (found) out.push(found);
    }
    return out;
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

const baseName = (fileName: string): string => fileName.replace(/^.*[\\/]/, '');

/** `variable "NAME" { default = LITERAL  sensitive = true }`. */
function declarationOf(block: Node): Found | undefined {
  const parts = block.namedChildren.filter((c): c is Node => c !== null);
  if (block.type !== 'block' || parts[0]?.text !== 'variable' || parts[1]?.type !== 'string_lit') return undefined;
  const name = parts[1].text.slice(1, -1);
  const body = parts.find((p) => p.type === 'body');
  const attribute = (key: string): Node | undefined =>
    body?.namedChildren.find((a) => a?.type === 'attribute' && a.namedChildren[0]?.text === key)?.namedChildren[1] ?? undefined;
  const expr = attribute('default');
  const literal = expr ? literalOf(expr) : undefined;
  const marked = attribute('sensitive');
  const type = attribute('type');
  return {
    name,
    value: literal,
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
function jsonAssignments(text: string): Found[] {
  const root = parseTree(text, [], { allowTrailingComma: false, disallowComments: true });
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
function jsonDeclarations(text: string): Found[] {
  const root = parseTree(text, [], { allowTrailingComma: false, disallowComments: true });
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
      // Terraform's JSON syntax writes the type expression as a string.
      type: type?.type === 'string' ? parseTypeConstraint(String(type.value)) : undefined,
    });
  }
  return out;
}

const member = (object: JsonNode, key: string): JsonNode | undefined =>
  object.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
