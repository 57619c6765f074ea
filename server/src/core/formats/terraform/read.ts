import type { Node } from 'web-tree-sitter';
import { schemaAt, typesOf } from '../../schema';
import type { OffsetRange, Segment } from '../../types';
import { isObject, isScalarValue, printable, UNKNOWN_VALUE } from '../../values';
import { DIRECTIVE_PREFIX } from '../../suppress';
import { constructorShape, readExpression, setOwn } from './expressions';
import type { RepeatedKey, SyntaxProblem } from '../document';
import { recordFragment, replayFragment, type BlockFragment } from './fragments';
import type { ReadMemo } from '../memo';
import { decodeQuoted } from './literals';
import { innermostErrors, missingToken, unreadText } from './syntax-errors';
import { CONFIGURATION_BLOCK, keyOf, madeByTerraform, setInOtherSpelling, settingsClash, whyRefused, type Setting } from './names';
import { childOfType, endOf, named, pathKey, rangeOf, textOf, typeOf } from './nodes';
import { noneRead, type Configuration, type Entry, type VariableValues } from './configuration';
import { addressText, type Move } from './moved';

export type { Configuration, Entry, VariableValues } from './configuration';
export { literalOf } from './expressions';
export { pathKey } from './nodes';

export interface TerraformFile {
  configurations: Configuration[];
  syntaxErrors: SyntaxProblem[];
  /** The comments inside the resources of the configurations (a configuration's comments are those of its resource). */
  comments: OffsetRange[];
}

/**
 * What a file declares beside its configurations, read when asked (see readTerraform): every
 * resource, with or without a configuration, and the `moved` blocks that give a resource a new address.
 */
export interface TerraformOutline {
  /** Each `resource` block by address: the block, and its name label (where a finding about the resource stands). */
  resources: Map<string, { resource: OffsetRange; name: OffsetRange }>;
  /** `moved { from = ADDRESS  to = ADDRESS }`, the addresses as written, without blanks. */
  moved: Move[];
}

export const emptyOutline = (): TerraformOutline => ({ resources: new Map(), moved: [] });

/**
 * Where `name` is next written in `text` at or after an offset (Infinity when it is not). Asked
 * at offsets that do not decrease (the blocks of a file in order), each part of the text is
 * searched once, however many blocks ask.
 */
function nextOccurrence(text: string, name: string): (from: number) => number {
  let asked = 0;
  let found = -1;
  return (from) => {
    if (from < asked || (found !== Infinity && found < from)) {
      const at = text.indexOf(name, from);
      found = at < 0 ? Infinity : at;
    }
    asked = from;
    return found;
  };
}

/** The text of a label or key written as a string without interpolation. */
export function labelText(n: Node): string | undefined {
  const type = typeOf(n);
  if (type === 'identifier') return textOf(n);
  if (type === 'string_lit') return decodeQuoted(n);
  return undefined;
}

/** Where a node of the file stands, for the walk of readTerraform. */
const enum Place {
  /** Outside every block: a block here may be a resource. */
  TopLevel,
  /** Inside a block that is not a configuration's resource. */
  InBlock,
  /** Inside a configuration's resource, whose comments were all taken when it was read. */
  InConfiguredResource,
}

/**
 * Reads the configurations of a parsed file: every `search_user_config` block inside a `resource` block.
 * `outline`: filled with the file's resources and `moved` blocks (asked only when a comparison needs them).
 */
export function readTerraform(
  root: Node,
  text: string,
  variables?: VariableValues,
  memo?: ReadMemo,
  outline?: TerraformOutline,
): TerraformFile {
  const configurations: Configuration[] = [];
  const syntaxErrors: SyntaxProblem[] = [];
  const comments: OffsetRange[] = [];
  const reading = memo && { memo, text };
  const nameAt = nextOccurrence(text, CONFIGURATION_BLOCK);
  const directiveAt = nextOccurrence(text, DIRECTIVE_PREFIX);
  // Iterative: a hostile file may nest deeply. Each node goes with where it stands (only a top-level
  // block is a resource), known from the walk instead of asked of its parents.
  const stack: Node[] = [root];
  const places: Place[] = [Place.TopLevel];
  while (stack.length) {
    const n = stack.pop()!;
    const place = places.pop()!;
    // Each property of a node is a call into WebAssembly: the type is asked once (`isError` is the type ERROR).
    const type = typeOf(n);
    if (type === 'comment') {
      if (place !== Place.InConfiguredResource) comments.push(rangeOf(n));
      continue;
    }
    if (n.isMissing) syntaxErrors.push(missingToken(n, type));
    else if (type === 'ERROR') syntaxErrors.push(unreadText(n, text));
    else if (type === 'config_file') {
      // The grammar takes a file that is one object (Terraform's JSON syntax, or HCL's `{ ... }`), which
      // Terraform refuses in a .tf file ("Argument or block definition required").
      const object = named(n).find((c) => typeOf(c) === 'object');
      if (object) syntaxErrors.push({ offset: object.startIndex, length: 1, code: 'object as file' });
    }
    let configured = false;
    if (type === 'block' && place === Place.TopLevel) {
      // A block whose text does not even hold the configuration's name is no resource of ours, and
      // is not read further than its type and range: most blocks of a module are such.
      const start = n.startIndex;
      const end = endOf(n);
      if (outline) outlineBlock(n, text, outline);
      const config = nameAt(start) < end ? resourceConfiguration(n, variables, reading) : undefined;
      if (config?.length) {
        configurations.push(...config);
        configured = true;
        // All of the resource's comments at once, those in its parts without errors too, which the
        // walk below steps over when the resource has a syntax error elsewhere: a directive inside the
        // configuration keeps working while a line beside it is being written.
        commentsOf(n, text, comments, n.hasError ? undefined : memo);
      } else if (directiveAt(start) < end && !n.hasError) {
        // A directive in another block (a `locals`, another resource) speaks for the file as one at the top does.
        commentsOf(n, text, comments);
      }
    }
    // Nothing under it is broken, and no resource is inside a block: nothing more is read of it (a
    // configuration's resource had its comments taken above; no other block's are wanted).
    if (type !== 'config_file' && type !== 'body' && type !== 'ERROR' && !n.hasError) continue;
    const children = n.children;
    const childPlace =
      configured || place === Place.InConfiguredResource
        ? Place.InConfiguredResource
        : place === Place.InBlock || type === 'block'
          ? Place.InBlock
          : Place.TopLevel;
    for (let i = children.length - 1; i >= 0; i--) {
      const c = children[i];
      if (c) {
        stack.push(c);
        places.push(childPlace);
      }
    }
  }
  comments.sort((a, b) => a.offset - b.offset);
  configurations.sort((a, b) => a.resource.offset - b.resource.offset);
  return { configurations, syntaxErrors: innermostErrors(syntaxErrors), comments };
}

/**
 * The comments of a configuration's resource, in one call instead of a walk that asks WebAssembly about
 * every node. With a memo (given only for a block without syntax errors, whose comments its text decides),
 * they come from it when the block's text was read before, shifted to where it is now.
 */
function commentsOf(block: Node, text: string, comments: OffsetRange[], memo?: ReadMemo): void {
  const start = block.startIndex;
  const key = memo && `comments\0${text.slice(start, endOf(block))}`;
  const known = key ? memo.get<OffsetRange[]>(key) : undefined;
  if (known) {
    for (const c of known) comments.push({ offset: c.offset + start, length: c.length });
    return;
  }
  const found: OffsetRange[] = [];
  for (const c of block.descendantsOfType('comment')) if (c) found.push(rangeOf(c));
  comments.push(...found);
  if (key)
    memo.set(
      key,
      found.map((c) => ({ offset: c.offset - start, length: c.length })),
    );
}

/** The address of a `resource "TYPE" "NAME" { ... }` block (`TYPE.NAME`); undefined for any other block. */
export function resourceAddress(block: Node): string | undefined {
  return resourceHeader(block)?.address;
}

/** The address of a `resource` block and its name label. */
function resourceHeader(block: Node): { address: string; name: Node } | undefined {
  const parts = named(block);
  if (!parts[0] || typeOf(parts[0]) !== 'identifier' || textOf(parts[0]) !== 'resource') return undefined;
  const labelNodes = parts.filter((p) => typeOf(p) === 'string_lit' || (typeOf(p) === 'identifier' && p !== parts[0]));
  const labels = labelNodes.map(labelText);
  return labels.length === 2 && labels.every((l) => l !== undefined)
    ? { address: printable(`${labels[0]}.${labels[1]}`), name: labelNodes[1] }
    : undefined;
}

/** The word a top-level block starts with, read from the text (no node asked). */
const BLOCK_TYPE = /[A-Za-z_][\w-]*/y;

/** Notes a top-level block in the outline when it is a resource or a `moved` block. */
function outlineBlock(block: Node, text: string, outline: TerraformOutline): void {
  BLOCK_TYPE.lastIndex = block.startIndex;
  const word = BLOCK_TYPE.exec(text)?.[0];
  if (word === 'resource') {
    const header = resourceHeader(block);
    if (header && !outline.resources.has(header.address))
      outline.resources.set(header.address, { resource: rangeOf(block), name: rangeOf(header.name) });
  } else if (word === 'moved') {
    const move = moveOf(block);
    if (move) outline.moved.push(move);
  }
}

/** A `moved` block's two addresses; undefined for any other block, or one without both. */
export function moveOf(block: Node): Move | undefined {
  const parts = named(block);
  if (!parts[0] || typeOf(parts[0]) !== 'identifier' || textOf(parts[0]) !== 'moved') return undefined;
  const body = childOfType(block, 'body');
  let from: string | undefined, to: string | undefined;
  for (const member of body ? named(body) : []) {
    const [nameNode, expr] = typeOf(member) === 'attribute' ? named(member) : [];
    const end = nameNode && expr ? textOf(nameNode) : undefined;
    if (end === 'from') from = addressText(textOf(expr));
    else if (end === 'to') to = addressText(textOf(expr));
  }
  return from && to ? { from, to } : undefined;
}

/** The configurations of a `resource "TYPE" "NAME" { ... }` block (none for any other block). */
function resourceConfiguration(block: Node, variables?: VariableValues, reading?: Configuration['reading']): Configuration[] | undefined {
  const address = resourceAddress(block);
  if (!address) return undefined;
  const body = childOfType(block, 'body');
  if (!body) return undefined;
  const out: Configuration[] = [];
  const configuration = (): Configuration => ({
    address,
    resource: rangeOf(block),
    value: {},
    ...noneRead(),
    variables,
    reading,
  });
  // The first block written out: the provider takes one, and Terraform refuses another at plan.
  let firstBlock: RepeatedKey['occurrences'][number] | undefined;
  for (const inner of named(body)) {
    const innerType = typeOf(inner);
    if (innerType === 'attribute') {
      const config = argumentConfiguration(configuration(), inner);
      if (config) out.push(config);
      continue;
    }
    const name = innerType === 'block' && named(inner)[0] ? textOf(named(inner)[0]) : undefined;
    // `dynamic "search_user_config" { for_each = ... content { ... } }`: each block it makes is what `content` says.
    const dynamic = name === 'dynamic' && !!named(inner)[1] && labelText(named(inner)[1]) === CONFIGURATION_BLOCK;
    if (name !== CONFIGURATION_BLOCK && !dynamic) continue;
    const made = dynamic ? elementsMade(inner) : undefined;
    // A for_each written out empty makes no configuration: nothing is sent, nor read.
    if (made?.length === 0) continue;
    const source = dynamic ? contentOf(inner) : inner;
    if (!source) continue;
    const config = configuration();
    readBlock(config, source, [], config.value);
    // Terraform makes the blocks: a fix may change what the content says, never remove or repeat it.
    const root = dynamic ? config.entries.get(pathKey([])) : undefined;
    if (root) config.entries.set(pathKey([]), { ...root, key: rangeOf(named(inner)[1]), generated: true });
    delete config.reading;
    // A dynamic block repeats the one written out only when its for_each says in the text that it makes one,
    // and repeats itself when it says it makes several: reported once, at the second element.
    if (!dynamic || made?.length) {
      const written = { key: rangeOf(named(inner)[dynamic ? 1 : 0]), member: rangeOf(inner) };
      if (firstBlock) config.repeated.push(repeatedConfiguration(firstBlock, written));
      else firstBlock = written;
      if (made?.[1]) config.repeated.push(repeatedConfiguration(firstBlock, { key: made[1], member: made[1] }, true));
    }
    out.push(config);
  }
  return out;
}

/**
 * `search_user_config = { ... }`: Terraform refuses the argument, since the provider takes the
 * configuration as a block (the document reports it, see blockArgumentsOf). Its value is still read
 * as the configuration, so that what it holds is judged as the block's would be; a value that is no
 * object (a list, a scalar) is not judged at all.
 */
function argumentConfiguration(config: Configuration, attribute: Node): Configuration | undefined {
  if (!isConfigurationArgument(attribute)) return undefined;
  const [nameNode, expr] = named(attribute);
  config.entries.set(pathKey([]), {
    kind: 'attribute',
    key: rangeOf(nameNode),
    value: rangeOf(expr),
    member: rangeOf(attribute),
    ...constructorShape(expr),
  });
  const value = readExpression(config, expr, [], 0);
  // An expression (UNKNOWN_VALUE) has its path noted unknown already.
  if (value !== UNKNOWN_VALUE && isObject(value)) config.value = value;
  else if (value !== UNKNOWN_VALUE) config.unknownPaths.push([]);
  delete config.reading;
  return config;
}

/**
 * Whether a resource's attribute is `search_user_config = ...`, which is read as a configuration
 * (argumentConfiguration), and which an override file's resource replaces the block with.
 */
export function isConfigurationArgument(attribute: Node): boolean {
  const [nameNode, expr] = named(attribute);
  // A block the parser could not read (`search_user_config {` with a broken line in it) may come out
  // as an attribute with syntax errors: that is the syntax error's to report, not an argument written.
  return !!nameNode && !!expr && !attribute.hasError && textOf(nameNode) === CONFIGURATION_BLOCK;
}

/**
 * A later `search_user_config` block of a resource, noted on its own configuration (with the first
 * block, where the finding points): Terraform refuses it at plan ("Too many search_user_config blocks").
 */
export function repeatedConfiguration(
  first: RepeatedKey['occurrences'][number],
  later: RepeatedKey['occurrences'][number],
  madePerElement = false,
): RepeatedKey {
  const why = madePerElement ? 'the for_each of its dynamic block makes one block per element, but ' : '';
  return {
    path: [],
    key: CONFIGURATION_BLOCK,
    occurrences: [first, later],
    holder: 'the resource',
    refused: `${why}the provider takes one ${CONFIGURATION_BLOCK} block, and Terraform refuses the file when it plans ("Too many ${CONFIGURATION_BLOCK} blocks")`,
  };
}

/**
 * The blocks a `dynamic` block surely makes, as the elements of its `for_each` that make them: a list or
 * object written out makes one per element, whatever they are (`[var.x]` makes one). Anything else (a
 * variable, a conditional, a `for`) is known only at plan and may make none: no element is given.
 */
function elementsMade(dynamic: Node): OffsetRange[] | undefined {
  const forEach = named(childOfType(dynamic, 'body') ?? dynamic).find(
    (m) => typeOf(m) === 'attribute' && !!named(m)[0] && textOf(named(m)[0]) === 'for_each',
  );
  const expr = forEach && named(forEach)[1];
  return expr && constructorShape(expr).children;
}

/** The `content` block of a `dynamic` block. */
function contentOf(dynamic: Node): Node | undefined {
  return named(childOfType(dynamic, 'body') ?? dynamic).find(
    (c) => typeOf(c) === 'block' && !!named(c)[0] && textOf(named(c)[0]) === 'content',
  );
}

function blockEntry(block: Node): Entry {
  const parts = named(block);
  const start = childOfType(block, 'block_start');
  const end = childOfType(block, 'block_end');
  const body = childOfType(block, 'body');
  const open = start?.startIndex ?? block.startIndex;
  const close = end ? end.startIndex : endOf(block);
  return {
    kind: 'block',
    key: rangeOf(parts[0]),
    value: { offset: open, length: endOf(block) - open },
    member: rangeOf(block),
    open,
    close,
    children: body
      ? named(body)
          .filter((c) => typeOf(c) !== 'comment')
          .map(rangeOf)
      : [],
  };
}

/** A dotted key written in the provider's spelling: findings about it name what was written. */
function noteSpelling(config: Configuration, path: Segment[], written: string): void {
  const key = path[path.length - 1];
  if (typeof key === 'string' && key !== written && key.includes('.')) config.spellings.push({ path, written });
}

/** What a block of this name stands for in the object at `path`: a member, or an item of a list. */
function blockTarget(path: Segment[], name: string): { key: string; list: boolean } {
  const key = keyOf(path, name);
  const schema = schemaAt([...path, key]);
  const list = !!schema && typesOf(schema).includes('array') && !!schema.items && typesOf(schema.items).includes('object');
  return { key, list };
}

/**
 * A block at `path`: its own entry (and the same at `listPath`, for the first block of a list),
 * then its members into `object`. A block without errors whose text was read before at a path
 * of the same shape is not read from the tree again.
 */
function readBlock(config: Configuration, block: Node, path: Segment[], object: Record<string, unknown>, listPath?: Segment[]): void {
  const prefix = pathKey(path);
  const reading = config.reading;
  if (!reading || block.hasError) {
    const entry = blockEntry(block);
    config.entries.set(prefix, entry);
    if (listPath) config.entries.set(pathKey(listPath), entry);
    readBody(config, block, path, object);
    return;
  }
  const start = block.startIndex;
  const key = `block${path.map((s) => (typeof s === 'number' ? '\u0002' : `\u0001${s}`)).join('')}\0${reading.text.slice(start, endOf(block))}`;
  let fragment = reading.memo.get<BlockFragment>(key);
  if (!fragment) {
    const scratch: Configuration = { ...config, ...noneRead() };
    const value: Record<string, unknown> = {};
    scratch.entries.set(prefix, blockEntry(block));
    readBody(scratch, block, path, value);
    fragment = recordFragment(scratch, path, prefix, start, value);
    reading.memo.set(key, fragment);
  }
  replayFragment(fragment, config, path, prefix, start, object);
  // Later in the map than a fresh read puts it (right after the block's own entry): lookups by
  // offset prefer the block's own entry either way (see memberAt and blockAt).
  if (listPath) config.entries.set(pathKey(listPath), config.entries.get(prefix)!);
}

/** HCL's identifier, as the grammar reads it. */
const IDENTIFIER = /[\p{ID_Start}_][\p{ID_Continue}-]*/uy;

/**
 * A block's type (its first word) and where it is written. When the file was read before and the
 * block has no error, it is read from the text, where the block starts: the block's members
 * then come from the memo without a node of it made.
 */
function blockName(config: Configuration, block: Node): { text: string; range: OffsetRange } | undefined {
  const reading = config.reading;
  if (reading && !block.hasError) {
    IDENTIFIER.lastIndex = block.startIndex;
    const m = IDENTIFIER.exec(reading.text);
    if (m) return { text: m[0], range: { offset: block.startIndex, length: m[0].length } };
  }
  const nameNode = named(block)[0];
  if (!nameNode || typeOf(nameNode) !== 'identifier') return undefined;
  return { text: textOf(nameNode), range: rangeOf(nameNode) };
}

function readBody(config: Configuration, block: Node, path: Segment[], into: Record<string, unknown>): void {
  const body = childOfType(block, 'body');
  if (!body) return;
  type Occurrence = RepeatedKey['occurrences'][number] & Setting;
  const seen = new Map<string, Occurrence[]>();
  const note = (key: string, at: Occurrence): void => {
    const list = seen.get(key);
    if (list) list.push(at);
    else seen.set(key, [at]);
  };
  const lists = new Map<string, unknown[]>();
  for (const member of named(body)) {
    const memberType = typeOf(member);
    if (memberType === 'attribute') {
      const [nameNode, expr] = named(member);
      if (!nameNode || !expr) continue;
      const name = textOf(nameNode);
      const key = keyOf(path, name);
      const memberPath = [...path, key];
      // `ip_filter = null` after `ip_filter_string = [...]`: Terraform sends the argument as not set, and the other spelling's value stays.
      if (setInOtherSpelling(seen.get(key), name) && textOf(expr) === 'null') {
        note(key, { key: rangeOf(nameNode), member: rangeOf(member), spelling: name, unset: true });
        continue;
      }
      noteSpelling(config, memberPath, name);
      config.entries.set(pathKey(memberPath), {
        kind: 'attribute',
        key: rangeOf(nameNode),
        value: rangeOf(expr),
        member: rangeOf(member),
        ...constructorShape(expr),
      });
      // Written twice: the later attribute is the value, and only its variable (if any) gives it.
      config.resolved.delete(pathKey(memberPath));
      const value = readExpression(config, expr, memberPath, 0);
      const literal = !config.resolved.has(pathKey(memberPath)) && isScalarValue(value);
      note(key, {
        key: rangeOf(nameNode),
        member: rangeOf(member),
        spelling: name,
        ...(literal ? { value: { range: rangeOf(expr), read: value } } : {}),
        ...(value === null ? { unset: true } : {}),
      });
      setOwn(into, key, value);
      lists.delete(key);
    } else if (memberType === 'block') {
      const name = blockName(config, member);
      if (!name) continue;
      if (name.text === 'dynamic') {
        readDynamic(config, member, path, into, lists, note);
        continue;
      }
      const { key, list } = blockTarget(path, name.text);
      const object: Record<string, unknown> = {};
      if (list) {
        const items = listOf(lists, into, key, () => note(key, { key: name.range, member: rangeOf(member), spelling: name.text }));
        const itemPath = [...path, key, items.length];
        items.push(object);
        // The list itself is located at its first block.
        readBlock(config, member, itemPath, object, items.length === 1 ? [...path, key] : undefined);
      } else {
        const memberPath = [...path, key];
        note(key, { key: name.range, member: rangeOf(member), spelling: name.text });
        noteSpelling(config, memberPath, name.text);
        setOwn(into, key, object);
        lists.delete(key);
        readBlock(config, member, memberPath, object);
      }
    }
  }
  for (const [key, occurrences] of seen) {
    if (!settingsClash(occurrences)) continue;
    config.repeated.push({
      path,
      key,
      occurrences: occurrences.map(({ key: at, member, value }) => ({ key: at, member, ...(value ? { value } : {}) })),
      // Nothing is merged or kept last in HCL: an argument set twice is an error ("Attribute redefined"), as
      // is a block that may appear once written twice (a repeated block of a list is no repetition).
      refused: whyRefused(
        occurrences,
        key,
        'Terraform refuses the file when it plans ("Attribute redefined" for an argument; a block that may appear once cannot appear twice)',
      ),
      ...(madeByTerraform(occurrences) ? { made: true } : {}),
    });
  }
}

/**
 * The list that the blocks of one repeating type add up to, in either syntax; `first` runs when the first
 * of them makes it (to note where the list is).
 */
export function listOf(lists: Map<string, unknown[]>, into: Record<string, unknown>, key: string, first: () => void): unknown[] {
  let items = lists.get(key);
  if (!items) {
    items = [];
    lists.set(key, items);
    first();
    setOwn(into, key, items);
  }
  return items;
}

/**
 * `dynamic "index_patterns" { for_each = ... content { ... } }`: how many blocks it makes is known
 * only at plan, but each is what `content` says. The content is read as the block (one item of
 * the list, for a block that repeats, after the blocks written out before it), so that its keys
 * are checked as the block's members; what refers to the iterator is an expression, unknown. A
 * dynamic block without content is unknown as a whole.
 */
function readDynamic(
  config: Configuration,
  member: Node,
  path: Segment[],
  into: Record<string, unknown>,
  lists: Map<string, unknown[]>,
  note: (key: string, at: { key: OffsetRange; member: OffsetRange } & Setting) => void,
): void {
  const parts = named(member);
  const label = parts[1] && labelText(parts[1]);
  if (!label) return;
  const { key, list } = blockTarget(path, label);
  const memberPath = [...path, key];
  noteSpelling(config, memberPath, label);
  const made = elementsMade(member);
  // A for_each written out empty makes no block: nothing of it is sent, nor read (Terraform does not read its content either).
  if (made?.length === 0) return;
  const content = contentOf(member);
  const labelRange = rangeOf(parts[1]);
  // Where the member is, for the list it starts or the block it is.
  const located = (): void => {
    note(key, { key: labelRange, member: rangeOf(member), spelling: label, maybeNone: !made?.length });
    config.entries.set(pathKey(memberPath), { ...blockEntry(member), key: labelRange, generated: true });
  };
  // A block that may appear once is made again by a second element of a for_each written out (one
  // finding for the dynamic block, however many elements follow).
  const locatedBlocks = (): void => {
    located();
    if (made?.[1]) note(key, { key: made[1], member: made[1], spelling: label, made: true });
  };
  if (!content) {
    // Blocks written out and dynamic ones of the same type add up to one list (no repetition), unknown here as a whole.
    if (list) listOf(lists, into, key, located);
    else locatedBlocks();
    setOwn(into, key, UNKNOWN_VALUE);
    config.unknownPaths.push(memberPath);
    return;
  }
  const contentEntry: Entry = { ...blockEntry(content), key: labelRange, generated: true };
  const object: Record<string, unknown> = {};
  if (list) {
    // Blocks written out and dynamic ones of the same type add up to one list.
    const items = listOf(lists, into, key, located);
    const itemPath = [...memberPath, items.length];
    items.push(object);
    config.entries.set(pathKey(itemPath), contentEntry);
    readBody(config, content, itemPath, object);
    return;
  }
  locatedBlocks();
  // The block is where its content is: what a fix adds goes there.
  config.entries.set(pathKey(memberPath), contentEntry);
  setOwn(into, key, object);
  lists.delete(key);
  readBody(config, content, memberPath, object);
}
