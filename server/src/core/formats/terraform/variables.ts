import type { Node } from 'web-tree-sitter';
import { parseHcl } from './parser';
import { literalOf, type VariableValues } from './read';

/**
 * The literal values of a module's variables, as Terraform would take them without any given on
 * the command line: a `variable` block's `default`, overridden by `terraform.tfvars`, overridden by
 * the `*.auto.tfvars` files in the order of their names. A value that is not a literal is left out.
 */
export function variableValues(sources: ReadonlyArray<{ fileName: string; text: string }>): VariableValues {
  const values = new Map<string, { value: unknown; from: string }>();
  const rank = (name: string): number => (/\.auto\.tfvars$/i.test(name) ? 2 : /\.tfvars$/i.test(name) ? 1 : 0);
  const ordered = [...sources].sort((a, b) => rank(a.fileName) - rank(b.fileName) || (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  for (const { fileName, text } of ordered) {
    // Only files that can give a value are parsed.
    if (rank(fileName) === 0 ? !text.includes('variable') : !text.includes('=')) continue;
    const tree = parseHcl(text);
    try {
      const body = tree.rootNode.namedChildren.find((c) => c?.type === 'body');
      for (const item of body?.namedChildren ?? []) {
        if (!item) continue;
        const found = rank(fileName) === 0 ? defaultOf(item) : tfvarsValueOf(item);
        if (found) values.set(found.name, { value: found.value, from: `${baseName(fileName)}:${found.line + 1}` });
      }
    } finally {
      tree.delete();
    }
  }
  return values;
}

const baseName = (fileName: string): string => fileName.replace(/^.*[\\/]/, '');

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
