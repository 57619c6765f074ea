import type { Node } from 'web-tree-sitter';
import { parseHcl } from './parser';
import { literalOf, type VariableValues } from './read';

/**
 * The literal values of a module's variables, as Terraform would take them without any given on
 * the command line: a `variable` block's `default`, overridden by `terraform.tfvars`, overridden by
 * the `*.auto.tfvars` files in the order of their names. A value that is not a literal is left out.
 * The value of a variable declared `sensitive = true` is marked so, wherever it is given.
 */
export function variableValues(sources: ReadonlyArray<VariableSource>): VariableValues {
  const values = new Map<string, { value: unknown; from: string; sensitive?: boolean }>();
  const sensitive = new Set<string>();
  const rank = (name: string): number => (/\.auto\.tfvars$/i.test(name) ? 2 : /\.tfvars$/i.test(name) ? 1 : 0);
  const ordered = [...sources].sort((a, b) => rank(a.fileName) - rank(b.fileName) || (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  for (const { fileName, text } of ordered) {
    // Only files that can give a value are parsed; one already parsed is not parsed again.
    if (rank(fileName) === 0 ? !text.includes('variable') : !text.includes('=')) continue;
    const parsed = sources.find((x) => x.fileName === fileName)?.root;
    const tree = parsed ? undefined : parseHcl(text);
    try {
      const body = (parsed ?? tree!.rootNode).namedChildren.find((c) => c?.type === 'body');
      for (const item of body?.namedChildren ?? []) {
        if (!item) continue;
        if (rank(fileName) === 0 && declaredSensitive(item)) sensitive.add(declaredName(item)!);
        const found = rank(fileName) === 0 ? defaultOf(item) : tfvarsValueOf(item);
        if (found) values.set(found.name, { value: found.value, from: `${baseName(fileName)}:${found.line + 1}` });
      }
    } finally {
      tree?.delete();
    }
  }
  for (const name of sensitive) { const v = values.get(name); if (v) v.sensitive = true; }
  return values;
}

/** A file of the module: its name and text, and its syntax tree when the caller has already parsed it. */
export interface VariableSource { fileName: string; text: string; root?: Node }

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

/** NAME of a `variable "NAME" { ... }` block. */
function declaredName(block: Node): string | undefined {
  const parts = block.namedChildren;
  return block.type === 'block' && parts[0]?.text === 'variable' && parts[1]?.type === 'string_lit' ? parts[1].text.slice(1, -1) : undefined;
}

/** `variable "NAME" { sensitive = true }`: Terraform never shows its value. */
function declaredSensitive(block: Node): boolean {
  if (declaredName(block) === undefined) return false;
  const body = block.namedChildren.find((p) => p?.type === 'body');
  const attribute = body?.namedChildren.find((a) => a?.type === 'attribute' && a.namedChildren[0]?.text === 'sensitive');
  return attribute?.namedChildren[1]?.text.trim() === 'true';
}

/** `variable "NAME" { default = LITERAL }`. */
function defaultOf(block: Node): { name: string; value: unknown; line: number } | undefined {
  const parts = block.namedChildren.filter((c): c is Node => c !== null);
  if (block.type !== 'block' || parts[0]?.text !== 'variable' || parts[1]?.type !== 'string_lit') return undefined;
  const name = parts[1].text.slice(1, -1);
  const body = parts.find((p) => p.type === 'body');
  const attribute = body?.namedChildren.find((a) => a?.type === 'attribute' && a.namedChildren[0]?.text === 'default');
  const expr = attribute?.namedChildren[1];
  const literal = expr ? literalOf(expr) : undefined;
  return literal && expr ? { name, value: literal.value, line: expr.startPosition.row } : undefined;
}

/** `NAME = LITERAL` at the top of a .tfvars file. */
function tfvarsValueOf(attribute: Node): { name: string; value: unknown; line: number } | undefined {
  if (attribute.type !== 'attribute') return undefined;
  const [name, expr] = attribute.namedChildren;
  const literal = expr ? literalOf(expr) : undefined;
  return name && expr && literal ? { name: name.text, value: literal.value, line: expr.startPosition.row } : undefined;
}
