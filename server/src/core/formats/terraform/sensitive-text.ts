import { CREDENTIAL_NAME, isCredentialName } from '../../credentials';
import { HclParseAbandoned, parseHcl } from './parser';

/**
 * Where a Terraform file writes a value that must not be shown, wherever it stands in the file:
 * every `sensitive(...)` call, the `default` of every variable declared `sensitive = true`, and the
 * literal value of every attribute whose name says it holds a credential (a provider's `api_token`,
 * a local `smtp_password`: masked in Terraform's JSON syntax by the same names). An output that
 * quotes lines of the file (a dry-run diff) masks these ranges, so that a line shown as context
 * around a fix cannot print them. The parser must be loaded.
 */
export function sensitiveTextRanges(text: string): Array<[number, number]> {
  // None can be written without one of these words.
  if (!text.includes('sensitive') && !CREDENTIAL_NAME.test(text)) return [];
  const out: Array<[number, number]> = [];
  let tree;
  try {
    tree = parseHcl(text);
  } catch (err) {
    // Where the values are cannot be known: the whole text is hidden.
    if (err instanceof HclParseAbandoned) return [[0, text.length]];
    throw err;
  }
  try {
    // A cursor walks the whole tree without recursion and without a node object per node passed.
    const cursor = tree.walk();
    let done = false;
    while (!done) {
      const type = cursor.nodeType;
      if (type === 'function_call') {
        const node = cursor.currentNode;
        const name = node.namedChildren[0];
        if (name?.type === 'identifier' && name.text === 'sensitive') out.push([node.startIndex, node.endIndex]);
      } else if (type === 'block') {
        const defaults = sensitiveDefault(cursor.currentNode);
        if (defaults) out.push(defaults);
      } else if (type === 'attribute') {
        const credential = credentialLiteral(cursor.currentNode);
        if (credential) out.push(credential);
      }
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          done = true;
          break;
        }
      }
    }
    cursor.delete();
  } finally {
    tree.delete();
  }
  return out;
}

type HclNode = ReturnType<typeof parseHcl>['rootNode'];

/** The range of the `default` of `variable "NAME" { sensitive = true ... }`. */
function sensitiveDefault(block: HclNode): [number, number] | undefined {
  const parts = block.namedChildren;
  if (parts[0]?.text !== 'variable') return undefined;
  const body = parts.find((p) => p?.type === 'body');
  const attribute = (name: string) =>
    body?.namedChildren.find((a) => a?.type === 'attribute' && a.namedChildren[0]?.text === name)?.namedChildren[1];
  const value = attribute('default');
  return value && attribute('sensitive')?.text.trim() === 'true' ? [value.startIndex, value.endIndex] : undefined;
}

/**
 * The value of `NAME = LITERAL` when NAME says it holds a credential: a quoted text (with or without
 * interpolations), a heredoc or a number. A reference (`var.token`) names a value kept elsewhere and
 * is shown as written.
 */
function credentialLiteral(attribute: HclNode): [number, number] | undefined {
  const [name, value] = attribute.namedChildren;
  if (!name || !value || !isCredentialName(name.text)) return undefined;
  const written = value.text.trimStart();
  return /^(?:["<]|[-+]?\d)/.test(written) ? [value.startIndex, value.endIndex] : undefined;
}
