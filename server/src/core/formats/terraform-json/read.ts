import { CONFIGURATION_BLOCK } from '../terraform/names';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { schemaAt, typesOf } from '../../schema';
import type { OffsetRange, Segment } from '../../types';
import { isScalarValue, printable, UNKNOWN_VALUE } from '../../values';
import type { RepeatedKey, SyntaxProblem } from '../document';
import {
  apiKeyOf,
  dottedKeyOf,
  madeByTerraform,
  providerName,
  setInOtherSpelling,
  settingsClash,
  whyRefused,
  type Setting,
} from '../terraform/names';
import { pathKey } from '../terraform/nodes';
import type { TerraformConfiguration, VariableUse } from '../terraform/configuration';
import { listOf, repeatedConfiguration, type VariableValues } from '../terraform/read';
import { setOwn } from '../terraform/expressions';
import { scalarLiteral, trimBlanks } from '../terraform/literals';

/**
 * Terraform's JSON syntax (`.tf.json`, what CDK for Terraform writes): `{"resource": {"TYPE":
 * {"NAME": {... "search_user_config": {...}}}}}`. Each level of labels and each block may be an
 * object or an array of objects; a property named "//" is a comment; a string is a template, whose
 * `${...}` is an expression. The configuration inside `search_user_config` is read as the `.tf`
 * reader reads its block: the provider's names, blocks that repeat as lists, `var.NAME` as the
 * value its module gives it, any other expression unknown.
 */

/** Where one member of a configuration is written, with the parse tree's nodes an edit needs. */
export interface JsonEntry {
  /** The key (absent for a list item). */
  key?: OffsetRange;
  value: OffsetRange;
  /** The whole member: the property, or the item of an array. */
  member: OffsetRange;
  /** The value's node: an object receives members, an array items. */
  node: Node;
  /** What removing the member removes: the property, or the array's item. Absent when the member cannot be removed alone. */
  removable?: Node;
  /** Set for a list written as one block object (`"index_patterns": {...}`): no item can be appended there. */
  single?: boolean;
}

export interface JsonConfiguration extends TerraformConfiguration<JsonEntry> {
  entries: Map<string, JsonEntry>;
  /** The nodes of each repeated key's occurrences, by pathKey of the object and the key, for the fix that keeps the last. */
  occurrences: Map<string, Node[]>;
  resolved: Map<string, VariableUse>;
  refusedKeys: Array<{ path: Segment[]; key: OffsetRange }>;
  sensitive: Segment[][];
}

export interface TerraformJsonFile {
  configurations: JsonConfiguration[];
  syntaxErrors: SyntaxProblem[];
}

/** A property of a block body that is a comment, not an argument. */
const COMMENT_KEY = '//';
/** The provider's spellings of the API's `ip_filter`, as in a .tf file. */
const IP_FILTER_SPELLINGS: Record<string, string> = {
  ip_filter_object: 'ip_filter',
  ip_filter_string: 'ip_filter',
  ip_filter: 'ip_filter',
};

const rangeOf = (n: Node): OffsetRange => ({ offset: n.offset, length: n.length });
const keyOf = (path: Segment[], name: string): string =>
  path.length === 0 && IP_FILTER_SPELLINGS[name] ? IP_FILTER_SPELLINGS[name] : apiKeyOf(path, name);

/** The properties of an object node with a string key and a value, comments left out. */
export function propertiesOf(object: Node): Array<{ name: string; key: Node; value: Node; property: Node }> {
  const out: Array<{ name: string; key: Node; value: Node; property: Node }> = [];
  for (const property of object.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key?.type !== 'string' || !value || key.value === COMMENT_KEY) continue;
    out.push({ name: String(key.value), key, value, property });
  }
  return out;
}

/**
 * Whether a member is a dotted key of the API written with its dots (`"cluster.search.request.slowlog"`):
 * the provider has no argument by that name (its name is `cluster_search_request_slowlog`), and Terraform
 * refuses the file. The member is left out of the value; its place is kept for the fix that renames it,
 * unless a member written in the provider's name holds that path.
 */
function refused(config: JsonConfiguration, path: Segment[], member: { name: string; key: Node; value: Node; property: Node }): boolean {
  const { name, key, value, property } = member;
  if (!name.includes('.') || dottedKeyOf(path, providerName(name)) !== name) return false;
  const memberPath = [...path, name];
  config.refusedKeys.push({ path: memberPath, key: rangeOf(key) });
  const at = pathKey(memberPath);
  if (!config.entries.has(at))
    config.entries.set(at, { key: rangeOf(key), value: rangeOf(value), member: rangeOf(property), node: value, removable: property });
  return true;
}

/** The objects a level of Terraform's JSON stands for: the object itself, or each object of an array. */
export const objectsOf = (n: Node): Node[] =>
  n.type === 'object' ? [n] : n.type === 'array' ? (n.children ?? []).filter((c) => c.type === 'object') : [];

/**
 * The search_user_config blocks of a resource's body: those written out, and the `content` of each
 * `"dynamic": {"search_user_config": {"for_each": ..., "content": {...}}}`, which says what every block
 * Terraform makes from it holds (`generated`: the key is the dynamic block's label, and the member is the
 * content, never removed or repeated by a fix).
 */
function blocksOf(body: Node): Array<{ key: Node; value: Node; property: Node; generated?: true; made?: Node[] }> {
  const out: Array<{ key: Node; value: Node; property: Node; generated?: true; made?: Node[] }> = [];
  for (const member of propertiesOf(body)) {
    if (member.name === CONFIGURATION_BLOCK) out.push(member);
    if (member.name !== 'dynamic') continue;
    for (const dynamic of objectsOf(member.value))
      for (const labelled of propertiesOf(dynamic).filter((p) => p.name === CONFIGURATION_BLOCK))
        for (const spec of objectsOf(labelled.value))
          for (const content of propertiesOf(spec).filter((p) => p.name === 'content')) {
            const made = elementsMade(spec);
            // A for_each written out empty makes no configuration: nothing is sent, nor read.
            if (made?.length !== 0)
              out.push({ key: labelled.key, value: content.value, property: content.property, generated: true, made });
          }
  }
  return out;
}

/**
 * The blocks a dynamic block surely makes, as the elements of its for_each that make them: an array or
 * object written out makes one per element (a string is an expression, known only at plan, and may make none).
 */
function elementsMade(spec: Node): Node[] | undefined {
  const forEach = propertiesOf(spec).find((p) => p.name === 'for_each')?.value;
  return (forEach?.type === 'array' || forEach?.type === 'object') && forEach.children ? forEach.children : undefined;
}

/** jsonc-parser lets an unclosed container end one past the text: nodes are kept inside it. */
function clampToText(root: Node, textLength: number): void {
  for (let node: Node | undefined = root; node; node = node.children?.[node.children.length - 1]) {
    if (node.offset + node.length > textLength) (node as { length: number }).length = Math.max(0, textLength - node.offset);
  }
}

/**
 * Reads every configuration of a `.tf.json` file. The caller has checked the nesting depth (the
 * reading of values recurses once per level).
 */
export function readTerraformJson(text: string, variables?: VariableValues): TerraformJsonFile {
  const errors: ParseError[] = [];
  // Terraform reads strict JSON: a comment or a trailing comma is an error.
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (root) clampToText(root, text.length);
  const syntaxErrors = errors.map((e): SyntaxProblem => {
    const offset = Math.min(Math.max(0, e.offset), text.length);
    return { offset, length: Math.max(0, Math.min(e.length, text.length - offset)), code: printParseErrorCode(e.error) };
  });
  const configurations: JsonConfiguration[] = [];
  if (root?.type !== 'object') return { configurations, syntaxErrors };
  for (const top of propertiesOf(root)) {
    if (top.name !== 'resource') continue;
    for (const types of objectsOf(top.value)) {
      for (const type of propertiesOf(types)) {
        for (const names of objectsOf(type.value)) {
          for (const name of propertiesOf(names)) {
            for (const body of objectsOf(name.value)) {
              // The first block written out: each object of `"search_user_config": [...]`, and each property of
              // that name, is a block, and the provider takes one.
              let firstBlock: RepeatedKey['occurrences'][number] | undefined;
              for (const member of blocksOf(body)) {
                // A block written as an object, or as an array of objects: each object is one block.
                for (const block of objectsOf(member.value)) {
                  const config: JsonConfiguration = {
                    address: printable(`${type.name}.${name.name}`),
                    resource: rangeOf(body),
                    value: {},
                    entries: new Map(),
                    unknownPaths: [],
                    repeated: [],
                    occurrences: new Map(),
                    spellings: [],
                    refusedKeys: [],
                    resolved: new Map(),
                    sensitive: [],
                    variables,
                  };
                  const lone = block === member.value && !member.generated;
                  config.entries.set(pathKey([]), {
                    key: rangeOf(member.key),
                    value: rangeOf(block),
                    member: rangeOf(lone ? member.property : block),
                    node: block,
                  });
                  readBody(config, block, [], config.value);
                  // A dynamic block repeats one written out only when its for_each surely makes a block, and
                  // repeats itself when it surely makes several: reported once, at the second element.
                  const second = member.made?.[1];
                  if (!member.generated || member.made?.length) {
                    const written = { key: rangeOf(member.key), member: rangeOf(lone ? member.property : block) };
                    if (firstBlock) config.repeated.push(repeatedConfiguration(firstBlock, written));
                    else firstBlock = written;
                    if (second)
                      config.repeated.push(repeatedConfiguration(firstBlock, { key: rangeOf(second), member: rangeOf(second) }, true));
                  }
                  configurations.push(config);
                }
              }
            }
          }
        }
      }
    }
  }
  return { configurations, syntaxErrors };
}

/** What the schema makes of a member: a list of blocks, one block, or an argument. */
function shapeOf(path: Segment[]): 'list' | 'block' | 'value' {
  const schema = schemaAt(path);
  if (!schema) return 'value';
  const types = typesOf(schema);
  if (types.includes('array') && schema.items && typesOf(schema.items).includes('object')) return 'list';
  if (types.includes('object') && schema.properties) return 'block';
  return 'value';
}

/** The members of a block body into `into`: as the .tf reader reads a block's attributes and nested blocks. */
function readBody(config: JsonConfiguration, body: Node, path: Segment[], into: Record<string, unknown>): void {
  type Occurrence = Setting & { key: Node; member: Node; value?: { range: OffsetRange; read: string | number | boolean | null } };
  const seen = new Map<string, Occurrence[]>();
  const note = (key: string, at: Occurrence): void => {
    const list = seen.get(key);
    if (list) list.push(at);
    else seen.set(key, [at]);
  };
  // Blocks of one list type written in several properties add up to one list, as repeated blocks do in HCL.
  const lists = new Map<string, unknown[]>();
  for (const member of propertiesOf(body)) {
    const { name, key: keyNode, value, property } = member;
    if (name === 'dynamic' && value.type === 'object') {
      readDynamicBlocks(config, value, path, into, lists, note);
      continue;
    }
    if (refused(config, path, member)) continue;
    const key = keyOf(path, name);
    const memberPath = [...path, key];
    if (typeof key === 'string' && key !== name && key.includes('.')) config.spellings.push({ path: memberPath, written: name });
    const shape = shapeOf(memberPath);
    const blocks =
      value.type === 'object'
        ? [value]
        : value.type === 'array' && value.children?.length && value.children.every((c) => c.type === 'object')
          ? value.children
          : undefined;
    if (shape === 'list' && blocks) {
      const items = listOf(lists, into, key, () => {
        note(key, { key: keyNode, member: property, spelling: name });
        config.entries.set(pathKey(memberPath), {
          key: rangeOf(keyNode),
          value: rangeOf(value),
          member: rangeOf(property),
          node: value,
          removable: property,
          single: value.type === 'object',
        });
      });
      for (const block of blocks) {
        const itemPath = [...memberPath, items.length];
        const object: Record<string, unknown> = {};
        items.push(object);
        config.entries.set(pathKey(itemPath), {
          value: rangeOf(block),
          member: rangeOf(block),
          node: block,
          removable: block === value ? undefined : block,
        });
        readBody(config, block, itemPath, object);
      }
      continue;
    }
    lists.delete(key);
    if (shape === 'block' && blocks) {
      // One block per object; a block that may appear once and is written more often is a repeated key.
      for (const block of blocks) {
        const object: Record<string, unknown> = {};
        note(key, { key: keyNode, member: block === value ? property : block, spelling: name });
        config.entries.set(pathKey(memberPath), {
          key: rangeOf(keyNode),
          value: rangeOf(block),
          member: rangeOf(block === value ? property : block),
          node: block,
          removable: block === value ? property : block,
        });
        setOwn(into, key, object);
        readBody(config, block, memberPath, object);
      }
      continue;
    }
    // `"ip_filter": null` after `"ip_filter_string": [...]`: Terraform sends the argument as not set, and the other spelling's value stays.
    if (value.type === 'null' && setInOtherSpelling(seen.get(key), name)) {
      note(key, { key: keyNode, member: property, spelling: name, unset: true });
      continue;
    }
    config.entries.set(pathKey(memberPath), {
      key: rangeOf(keyNode),
      value: rangeOf(value),
      member: rangeOf(property),
      node: value,
      removable: property,
    });
    // Written twice: the later member is the value, and only its variable (if any) gives it.
    config.resolved.delete(pathKey(memberPath));
    const read = readValue(config, value, memberPath);
    // An earlier occurrence's value is in no other place (the value keeps the last): kept with it, as the
    // .tf reader keeps it, so that a secret written there is reported and never shown.
    const literal = !config.resolved.has(pathKey(memberPath)) && isScalarValue(read);
    note(key, {
      key: keyNode,
      member: property,
      spelling: name,
      ...(literal ? { value: { range: rangeOf(value), read } } : {}),
      ...(read === null ? { unset: true } : {}),
    });
    setOwn(into, key, read);
  }
  for (const [key, occurrences] of seen) {
    if (!settingsClash(occurrences)) continue;
    // A dynamic block is never removed by a fix (the .tf reader's rule too), nor the block written beside it:
    // which of them is meant only the writer knows.
    const made = madeByTerraform(occurrences);
    config.repeated.push({
      path,
      key,
      occurrences: occurrences.map((o) => ({ key: rangeOf(o.key), member: rangeOf(o.member), ...(o.value ? { value: o.value } : {}) })),
      // Terraform's JSON syntax refuses a key written twice in one object ("Duplicate argument").
      refused: whyRefused(
        occurrences,
        key,
        made
          ? 'a block that may appear once cannot appear twice, and Terraform refuses the file when it plans'
          : 'Terraform refuses the file when it plans ("Duplicate argument")',
      ),
      ...(made ? { made } : {}),
    });
    if (made) continue;
    config.occurrences.set(
      `${pathKey(path)}\u0000${key}`,
      occurrences.map((o) => o.member),
    );
  }
}

/**
 * `"dynamic": {"index_patterns": {"for_each": ..., "content": {...}}}` inside a configuration: how many
 * blocks Terraform makes is known only at plan time, but each is what `content` says, read as the .tf
 * reader reads it: as the block (one item of the list, for a block that repeats, after the blocks
 * written before it), so that its keys are checked as the block's members; what refers to the
 * iterator is an expression, unknown. Without content (or for an argument's name), the member is
 * unknown as a whole. A block that may appear once is noted as written there, as the .tf reader notes
 * it: beside one written out it is a repetition, and so is a second element of a for_each written
 * out. Nothing here is removable by a fix: Terraform makes these blocks.
 */
function readDynamicBlocks(
  config: JsonConfiguration,
  dynamic: Node,
  path: Segment[],
  into: Record<string, unknown>,
  lists: Map<string, unknown[]>,
  note: (key: string, at: Setting & { key: Node; member: Node }) => void,
): void {
  for (const member of propertiesOf(dynamic)) {
    const { name, key: keyNode, value, property } = member;
    if (refused(config, path, member)) continue;
    const key = keyOf(path, name);
    const memberPath = [...path, key];
    const shape = shapeOf(memberPath);
    const made = value.type === 'object' ? elementsMade(value) : undefined;
    // A for_each written out empty makes no block: nothing of it is sent, nor read (as in a .tf file).
    if (made?.length === 0) continue;
    const content =
      value.type === 'object' ? propertiesOf(value).find((p) => p.name === 'content' && p.value.type === 'object') : undefined;
    if (shape === 'list' && content) {
      const items = listOf(lists, into, key, () => {
        note(key, { key: keyNode, member: property, spelling: name, maybeNone: !made?.length });
        // No item can be appended to a dynamic block (`single`).
        config.entries.set(pathKey(memberPath), {
          key: rangeOf(keyNode),
          value: rangeOf(value),
          member: rangeOf(property),
          node: value,
          single: true,
        });
      });
      const itemPath = [...memberPath, items.length];
      const object: Record<string, unknown> = {};
      items.push(object);
      // Findings on the item point at the dynamic block's label, as in a .tf file.
      config.entries.set(pathKey(itemPath), {
        key: rangeOf(keyNode),
        value: rangeOf(content.value),
        member: rangeOf(content.value),
        node: content.value,
      });
      readBody(config, content.value, itemPath, object);
      continue;
    }
    if (shape === 'block') {
      note(key, { key: keyNode, member: property, spelling: name, maybeNone: !made?.length });
      // Made again by a second element: one finding for the dynamic block, however many elements follow.
      if (made?.[1]) note(key, { key: made[1], member: made[1], spelling: name, made: true });
    }
    if (shape === 'block' && content) {
      // The block is where its content is: what a fix adds goes there.
      const object: Record<string, unknown> = {};
      config.entries.set(pathKey(memberPath), {
        key: rangeOf(keyNode),
        value: rangeOf(content.value),
        member: rangeOf(content.property),
        node: content.value,
      });
      lists.delete(key);
      setOwn(into, key, object);
      readBody(config, content.value, memberPath, object);
      continue;
    }
    config.entries.set(pathKey(memberPath), { key: rangeOf(keyNode), value: rangeOf(value), member: rangeOf(property), node: value });
    config.unknownPaths.push(memberPath);
    setOwn(into, key, UNKNOWN_VALUE);
  }
}

/** An argument's value: JSON values are literals, strings templates (see templateValue). */
function readValue(config: JsonConfiguration, n: Node, path: Segment[]): unknown {
  switch (n.type) {
    case 'string':
      return templateValue(config, String(n.value), path);
    case 'number':
    case 'boolean':
    case 'null':
      return n.value;
    case 'array': {
      const items: unknown[] = [];
      for (const element of n.children ?? []) {
        const itemPath = [...path, items.length];
        config.entries.set(pathKey(itemPath), { value: rangeOf(element), member: rangeOf(element), node: element, removable: element });
        items.push(readValue(config, element, itemPath));
      }
      return items;
    }
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const { name, key: keyNode, value, property } of propertiesOf(n)) {
        const key = apiKeyOf(path, name);
        const memberPath = [...path, key];
        config.entries.set(pathKey(memberPath), {
          key: rangeOf(keyNode),
          value: rangeOf(value),
          member: rangeOf(property),
          node: value,
          removable: property,
        });
        setOwn(object, key, readValue(config, value, memberPath));
      }
      return object;
    }
    default:
      config.unknownPaths.push(path);
      return UNKNOWN_VALUE;
  }
}

/** `${ var.NAME }` and nothing else (HCL's template markers `~` allowed). */
const ONE_VARIABLE = /^\$\{~?[ \t\r\n]*var\.([A-Za-z_][A-Za-z0-9_-]*)[ \t\r\n]*~?\}$/;
/** The start of `${ sensitive(...) }` (HCL's template marker `~` allowed). */
const SENSITIVE_OPENS = /^\$\{~?[ \t\r\n]*sensitive[ \t\r\n]*\(/;
/** A call of sensitive() anywhere in a template. */
const CALLS_SENSITIVE = /(?:^|[^\w-])sensitive[ \t\r\n]*\(/;

/**
 * The text of the one argument of a template that is a call of sensitive() and nothing else
 * (`${sensitive("...")}`, a comma after the argument allowed, as HCL allows); undefined for any
 * other template. The argument is not checked: it may be anything up to the call's last bracket.
 */
function sensitiveArgument(s: string): string | undefined {
  const open = SENSITIVE_OPENS.exec(s);
  if (!open) return undefined;
  // From the end, without a regular expression: `)`, blanks, `~`, `}`.
  let end = s.length - 1;
  if (s[end] !== '}') return undefined;
  if (s[end - 1] === '~') end--;
  const inside = trimBlanks(s.slice(open[0].length, end));
  if (inside[inside.length - 1] !== ')') return undefined;
  const argument = trimBlanks(inside.slice(0, -1));
  return argument.endsWith(',') ? argument.slice(0, -1) : argument;
}

/**
 * A string of Terraform's JSON syntax is a template: without `${` or `%{` it is a literal (`$${`
 * and `%%{` stand for the characters themselves); exactly one `${var.NAME}` is that variable's
 * value, of its own type, as the module gives it; exactly one `${sensitive(LITERAL)}` is that
 * literal, of its own type, as in a .tf file, and is never shown; anything else is known only at plan.
 */
function templateValue(config: JsonConfiguration, s: string, path: Segment[]): unknown {
  if (!s.includes('{')) return s;
  const variable = ONE_VARIABLE.exec(s);
  if (variable) {
    const known = config.variables?.get(variable[1]);
    if (known) {
      config.resolved.set(pathKey(path), {
        path,
        variable: `var.${variable[1]}`,
        from: known.from,
        ...(known.sensitive ? { sensitive: true } : {}),
      });
      return known.value;
    }
  }
  const hidden = sensitiveArgument(s);
  const literal = hidden === undefined ? undefined : scalarLiteral(hidden);
  if (literal) {
    config.sensitive.push(path);
    return literal.value;
  }
  // Read as HCL's scanner reads it, left to right: `$${` and `%%{` are the text `${` and `%{`, any
  // other `${` or `%{` starts an interpolation or a directive.
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c !== '$' && c !== '%') continue;
    if (s[i + 1] === c && s[i + 2] === '{') {
      out += s.slice(from, i + 1);
      from = i + 2;
      i += 2;
      continue;
    }
    if (s[i + 1] === '{') {
      config.unknownPaths.push(path);
      // What sensitive() is given is never shown, even where the template is not read
      // (`${sensitive(var.x)}`, `${upper(sensitive("..."))}`), as a .tf file's calls are masked wherever they stand.
      if (CALLS_SENSITIVE.test(s)) config.sensitive.push(path);
      return UNKNOWN_VALUE;
    }
  }
  return out + s.slice(from);
}
