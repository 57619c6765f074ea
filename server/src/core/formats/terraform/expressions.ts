import type { Node } from 'web-tree-sitter';
import type { Segment } from '../../types';
import { UNKNOWN_VALUE } from '../../values';
import { decodeQuoted } from './literals';
import { keyOf } from './names';
import { endOf, named, pathKey, rangeOf, textOf, typeOf } from './nodes';
import { noneRead, type Configuration, type Entry } from './configuration';

// The values of HCL expressions: literals and constructors of literals are known, anything else is unknown.

/** Deeper constructors than this are not read (the value is unknown): hostile input cannot exhaust the stack. */
const MAX_VALUE_DEPTH = 256;

/** Bracket offsets and members of a list or object constructor, for edits inside it. */
export function constructorShape(expr: Node): Pick<Entry, 'open' | 'close' | 'children'> {
  const inner = unwrap(expr);
  const collection = typeOf(inner) === 'collection_value' ? named(inner)[0] : undefined;
  const kind = collection && typeOf(collection);
  if (!collection || (kind !== 'tuple' && kind !== 'object')) return {};
  const members = named(collection).filter((c) => typeOf(c) === 'expression' || typeOf(c) === 'object_elem');
  return { open: collection.startIndex, close: endOf(collection) - 1, children: members.map(rangeOf) };
}

/** NAME of an expression that is exactly `var.NAME`. */
function variableName(expr: Node): string | undefined {
  const parts = named(expr);
  if (
    typeOf(expr) !== 'expression' ||
    parts.length !== 2 ||
    typeOf(parts[0]) !== 'variable_expr' ||
    textOf(parts[0]) !== 'var' ||
    typeOf(parts[1]) !== 'get_attr'
  )
    return undefined;
  const attr = named(parts[1]);
  return attr.length === 1 && typeOf(attr[0]) === 'identifier' ? textOf(attr[0]) : undefined;
}

/** The value of an expression when it is a literal, for a variable's default or a .tfvars value. */
export function literalOf(expr: Node): { value: unknown } | undefined {
  const scratch: Configuration = {
    address: '',
    resource: { offset: 0, length: 0 },
    value: {},
    ...noneRead(),
  };
  const value = readExpression(scratch, expr, [], 0);
  // A variable's default and a .tfvars value are literals to Terraform: a function call there is refused.
  return scratch.unknownPaths.length || scratch.sensitive.length ? undefined : { value };
}

const unwrap = (n: Node): Node => {
  let cur = n;
  while (typeOf(cur) === 'expression' && named(cur).length === 1) cur = named(cur)[0];
  return cur;
};

export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** The value of an expression when it is a literal (or a constructor of literals); UNKNOWN_VALUE otherwise, with its path noted. */
export function readExpression(config: Configuration, expr: Node, path: Segment[], depth: number): unknown {
  const unknown = (): unknown => {
    config.unknownPaths.push(path);
    return UNKNOWN_VALUE;
  };
  if (depth > MAX_VALUE_DEPTH || expr.hasError) return unknown();
  const variable = variableName(expr);
  if (variable !== undefined) {
    const known = config.variables?.get(variable);
    if (!known) return unknown();
    config.resolved.set(pathKey(path), {
      path,
      variable: `var.${variable}`,
      from: known.from,
      ...(known.sensitive ? { sensitive: true } : {}),
    });
    return known.value;
  }
  const n = unwrap(expr);
  const type = typeOf(n);
  // `sensitive("...")`: the value given, which Terraform keeps out of plans and output (and so does every
  // report here). It is still written in the file: rules judge it as any value written there.
  const hidden = type === 'function_call' ? sensitiveArgument(n) : undefined;
  if (hidden) {
    config.sensitive.push(path);
    return readExpression(config, hidden, path, depth + 1);
  }
  // `"${var.shards}"`, as older modules write it: a template that is one interpolation and nothing
  // else is that expression's value, of its own type, as HCL evaluates it.
  const sole = type === 'template_expr' ? soleInterpolation(n) : undefined;
  if (sole) return readExpression(config, sole, path, depth + 1);
  if (type === 'literal_value' || type === 'template_expr') {
    const v = scalar(n);
    return v === NOT_LITERAL ? unknown() : v;
  }
  if (type === 'operation') {
    // A negative number: `-5`.
    const op = named(n)[0];
    const operand = op && typeOf(op) === 'unary_operation' ? named(op)[0] : undefined;
    const value = operand && textOf(op).startsWith('-') ? scalar(operand) : NOT_LITERAL;
    return typeof value === 'number' ? -value : unknown();
  }
  if (type !== 'collection_value') return unknown();
  const collection = named(n)[0];
  const kind = collection && typeOf(collection);
  if (kind === 'tuple') {
    const items: unknown[] = [];
    for (const element of named(collection)) {
      if (typeOf(element) !== 'expression') continue;
      const itemPath = [...path, items.length];
      config.entries.set(pathKey(itemPath), {
        kind: 'element',
        value: rangeOf(element),
        member: rangeOf(element),
        ...constructorShape(element),
      });
      items.push(readExpression(config, element, itemPath, depth + 1));
    }
    return items;
  }
  if (kind === 'object') {
    const object: Record<string, unknown> = {};
    for (const elem of named(collection)) {
      if (typeOf(elem) !== 'object_elem') continue;
      const [keyExpr, valueExpr] = named(elem);
      if (!keyExpr || !valueExpr) continue;
      const keyNode = unwrap(keyExpr);
      // A bare word is a key in an object constructor, not a variable.
      const keyValue = typeOf(keyNode) === 'variable_expr' && named(keyNode).length === 1 ? textOf(keyNode) : scalar(keyNode);
      if (keyValue === undefined || typeof keyValue !== 'string') return unknown();
      // The provider's spelling of a key (a dotted key, ip_filter's) stands for it here as in a block.
      const key = keyOf(path, keyValue);
      const memberPath = [...path, key];
      config.entries.set(pathKey(memberPath), {
        kind: 'element',
        key: rangeOf(keyExpr),
        value: rangeOf(valueExpr),
        member: rangeOf(elem),
        ...constructorShape(valueExpr),
      });
      setOwn(object, key, readExpression(config, valueExpr, memberPath, depth + 1));
    }
    return object;
  }
  return unknown();
}

/** The one argument of a call of Terraform's `sensitive()`; undefined for any other call. */
function sensitiveArgument(call: Node): Node | undefined {
  const [name, args] = named(call);
  if (!name || typeOf(name) !== 'identifier' || textOf(name) !== 'sensitive' || !args || typeOf(args) !== 'function_arguments')
    return undefined;
  // `sensitive(x...)` expands a list into arguments: what it gives is not known here.
  const parts = named(args);
  return parts.length === 1 && typeOf(parts[0]) === 'expression' ? parts[0] : undefined;
}

/** The expression of a quoted template written as `"${expression}"` alone; undefined for any other template. */
function soleInterpolation(template: Node): Node | undefined {
  const quoted = named(template)[0];
  if (!quoted || typeOf(quoted) !== 'quoted_template') return undefined;
  const parts = named(quoted).filter((c) => typeOf(c) !== 'quoted_template_start' && typeOf(c) !== 'quoted_template_end');
  if (parts.length !== 1 || typeOf(parts[0]) !== 'template_interpolation') return undefined;
  // Nothing but the interpolation between the quotes (no literal text, which the grammar may leave unnamed).
  if (endOf(parts[0]) - parts[0].startIndex !== textOf(quoted).length - 2) return undefined;
  return named(parts[0]).find((c) => typeOf(c) === 'expression');
}

/** What `scalar` answers for an expression that is not a literal. */
const NOT_LITERAL = Symbol('not a literal');

/** A literal number, boolean, null or string without interpolation; NOT_LITERAL for anything else. */
function scalar(n: Node): unknown {
  const type = typeOf(n);
  const inner = type === 'literal_value' || type === 'template_expr' ? named(n)[0] : n;
  if (!inner) return NOT_LITERAL;
  switch (typeOf(inner)) {
    case 'numeric_lit': {
      // Terraform's numbers have no upper bound: `1e400` is a number to it, which no integer
      // field takes. It is read as Infinity, which type-mismatch shows as written.
      const v = Number(textOf(inner));
      return Number.isNaN(v) ? NOT_LITERAL : v;
    }
    case 'bool_lit':
      return textOf(inner) === 'true';
    case 'null_lit':
      return null;
    case 'string_lit':
    case 'quoted_template':
      return decodeQuoted(inner) ?? NOT_LITERAL;
    case 'heredoc_template':
      return heredocText(inner) ?? NOT_LITERAL;
    default:
      return NOT_LITERAL;
  }
}

/** A heredoc without interpolation: its lines, with the common indentation removed for `<<-`. */
function heredocText(n: Node): string | undefined {
  if (named(n).some((c) => typeOf(c) === 'template_interpolation' || typeOf(c) === 'template_directive')) return undefined;
  const ids = named(n).filter((c) => typeOf(c) === 'heredoc_identifier');
  if (ids.length < 2) return undefined;
  const body = textOf(n)
    .slice(endOf(ids[0]) - n.startIndex, ids[ids.length - 1].startIndex - n.startIndex)
    .replace(/^\r?\n/, '');
  const lines = body.split(/\r?\n/);
  if (lines.length && /^[ \t]*$/.test(lines[lines.length - 1])) lines.pop();
  if (!lines.length) return '';
  // A heredoc has no backslash escapes, but `$${` and `%%{` write a literal `${` and `%{` as in a quoted string.
  const text = (kept: string[]): string => `${kept.join('\n')}\n`.replace(/([$%])\1\{/g, '$1{');
  if (textOf(named(n)[0]) === '<<-') {
    // Terraform takes the common indentation off the lines with text; a line of blanks alone keeps them.
    const blank = (l: string): boolean => /^[ \t]*$/.test(l);
    const indent = Math.min(...lines.filter((l) => !blank(l)).map((l) => /^[ \t]*/.exec(l)![0].length));
    return text(lines.map((l) => (blank(l) ? l : l.slice(indent))));
  }
  return text(lines);
}
