/**
 * Settings files in YAML (opensearch.yml) read into plain values, with the expansion of aliases bounded
 * before anything is expanded.
 *
 * A YAML alias (`*name`) stands for the whole node its anchor (`&name`) marks, so a few hundred bytes
 * of aliases of aliases can stand for billions of values ("billion laughs"), and even a tree that shares
 * them stays dangerous: every later step that walks it (flattening to dotted names, printing a list)
 * walks each shared node once per path to it. The values are therefore converted here from the parsed
 * nodes, with each alias resolved to the value already converted for its anchor (never a copy) and
 * counted: how many aliases there are, and how many values and characters they stand for in all,
 * summed as the aliases are met, so that reading stops at the first one past a limit. The `yaml`
 * package's own toJS is not used: with its alias limit on, it walks the whole document again for aliases
 * inside an aliased node, so a large file with a hundred aliases takes minutes.
 *
 * `yaml` is loaded on first use: the other commands of the CLI never need it. It is the analyzer's copy of
 * the package's parser and composer (the YAML reader's), so that the package ships the code once.
 */
import type { Alias, CST, Document, LineCounter, Node as YamlNode, Pair, Parser } from 'yaml';
import { yamlLibrary } from '../core';

export const YAML_LIMITS = {
  /** Aliases (`*name`) in the file. A settings file needs few, if any. */
  aliases: 100,
  /** Values (scalars, lists, maps) that the aliases stand for in all, beyond those written out. */
  aliasValues: 10_000,
  /** Characters of keys and scalars that the aliases stand for in all. */
  aliasCharacters: 1_000_000,
  /** Lists and maps inside each other. */
  depth: 64,
};
export type YamlLimits = typeof YAML_LIMITS;

export type YamlRead =
  | { ok: true; value: unknown; work: number }
  /** `limit`: the input is past one of YAML_LIMITS (reported as input-limit); otherwise it is not valid YAML. */
  | { ok: false; limit: boolean; message: string; work: number };

/** Read from the core on first use: reading it loads the analyzer's part with the YAML readers. */
const yaml = (): ReturnType<typeof yamlLibrary> => yamlLibrary();

class Stop extends Error {
  constructor(
    message: string,
    readonly limit: boolean,
  ) {
    super(message);
  }
}

/** Whether the lists and maps of the parsed tokens nest deeper than `max`, found without recursion. */
function nestsDeeperThan(tokens: readonly CST.Token[], max: number): boolean {
  const stack: Array<[CST.Token, number]> = tokens.map((t) => [t, 0]);
  while (stack.length) {
    const [token, depth] = stack.pop()!;
    if (token.type === 'document') {
      if (token.value) stack.push([token.value, depth]);
      continue;
    }
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') continue;
    if (depth + 1 > max) return true;
    for (const item of token.items as CST.CollectionItem[]) {
      if (item.key) stack.push([item.key, depth + 1]);
      if (item.value) stack.push([item.value, depth + 1]);
    }
  }
  return false;
}

/** yaml's messages that end with text of the file (which may be a secret), that text left out. */
const QUOTING_MESSAGES =
  /^(Block scalar header includes extra characters|Unresolved tag|Not a YAML token|Invalid escape sequence|Unsupported YAML version|Unknown directive|Anchor must not contain whitespace or control characters)\b.*$/s;

function safeMessage(message: string): string {
  if (/ used for \w+ collection, but expects /.test(message)) return 'a tag does not fit the collection it is on';
  return message.replace(QUOTING_MESSAGES, '$1');
}

interface Converted {
  value: unknown;
  values: number;
  characters: number;
}

/** A key and its value set as an own property, whatever the key (`__proto__` included). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The plain value of a parsed document; aliases share the value of their anchor. */
function convertDocument(doc: Document, limits: YamlLimits, counter: { work: number }, lines: LineCounter): unknown {
  const y = yaml();
  /** Converted anchors by name; `open` while the anchored node itself is being converted. */
  const anchors = new Map<string, Converted | 'open'>();
  let aliases = 0,
    aliasValues = 0,
    aliasCharacters = 0;

  /** Where an alias is, for messages: its name is the file's own text, which messages never quote. */
  const at = (node: Alias): string => {
    const { line, col } = lines.linePos(node.range?.[0] ?? 0);
    return `line ${line}, column ${col}`;
  };
  const alias = (node: Alias): Converted => {
    const name = node.source;
    if (++aliases > limits.aliases)
      throw new Stop(`it has more than ${limits.aliases} aliases (*name); a settings file needs few, if any: write the settings out`, true);
    const target = anchors.get(name);
    if (target === undefined) throw new Stop(`the alias at ${at(node)} names no anchor (&name) before it`, false);
    if (target === 'open') throw new Stop(`the alias at ${at(node)} is inside the node its anchor marks, so it would never end`, true);
    aliasValues += target.values;
    aliasCharacters += target.characters;
    if (aliasValues > limits.aliasValues || aliasCharacters > limits.aliasCharacters) {
      const what = aliasValues > limits.aliasValues ? `${limits.aliasValues} values` : `${limits.aliasCharacters} characters`;
      throw new Stop(
        `its aliases (*name) stand for more than ${what} in all (the limit was passed at the alias at ${at(node)}); write the settings out instead`,
        true,
      );
    }
    return target;
  };

  const key = (node: unknown): { text: string; characters: number } => {
    counter.work++;
    if (node === null || node === undefined) return { text: '', characters: 0 };
    if (y.isScalar(node)) {
      const text = node.value === null ? '' : String(node.value);
      // An anchored key (`&k name: value`) can be named by an alias later, as a key or a value.
      if (node.anchor) anchors.set(node.anchor, { value: node.value ?? null, values: 1, characters: text.length });
      return { text, characters: text.length };
    }
    if (y.isAlias(node)) {
      const target = alias(node);
      if (target.value !== null && typeof target.value === 'object')
        throw new Stop(`the key at ${at(node)} is a list or a map; a setting name is text`, false);
      return { text: target.value === null ? '' : String(target.value), characters: target.characters };
    }
    throw new Stop('a key is a list or a map; a setting name is text', false);
  };

  const convert = (node: unknown): Converted => {
    counter.work++;
    if (node === null || node === undefined) return { value: null, values: 1, characters: 0 };
    if (y.isAlias(node)) return alias(node);
    const anchor = (node as YamlNode).anchor;
    if (anchor) anchors.set(anchor, 'open');
    let out: Converted;
    if (y.isScalar(node)) {
      const characters = node.value === null || node.value === undefined ? 0 : String(node.value).length;
      out = { value: node.value ?? null, values: 1, characters };
    } else if (y.isSeq(node)) {
      const list: unknown[] = [];
      out = { value: list, values: 1, characters: 0 };
      for (const item of node.items) {
        const c = convert(item);
        list.push(c.value);
        out.values += c.values;
        out.characters += c.characters;
      }
    } else if (y.isMap(node)) {
      const map: Record<string, unknown> = {};
      out = { value: map, values: 1, characters: 0 };
      for (const pair of node.items as Array<Pair<unknown, unknown>>) {
        if (y.isScalar(pair.key) && typeof pair.key.value === 'symbol') {
          merge(map, pair.value, out);
          continue;
        }
        const k = key(pair.key);
        const c = convert(pair.value);
        // A later occurrence of a key replaces an earlier one, as with JSON.parse.
        setOwn(map, k.text, c.value);
        out.values += c.values;
        out.characters += k.characters + c.characters;
      }
    } else {
      throw new Stop('it holds a YAML node of an unknown kind', false);
    }
    if (anchor) anchors.set(anchor, out);
    return out;
  };

  /** `<<: *base` or `<<: [*a, *b]`: the keys of each map that the map does not have yet. */
  const merge = (map: Record<string, unknown>, value: unknown, into: Converted): void => {
    const sources = y.isSeq(value) ? value.items : [value];
    for (const source of sources) {
      const c = convert(source);
      if (!c.value || typeof c.value !== 'object' || Array.isArray(c.value))
        throw new Stop('a merge key (<<) takes a map or a list of maps', false);
      for (const [k, v] of Object.entries(c.value)) {
        counter.work++;
        if (!Object.hasOwn(map, k)) setOwn(map, k, v);
      }
      into.values += c.values;
      into.characters += c.characters;
    }
  };

  return convert(doc.contents).value;
}

/**
 * yaml's parser and composer print every token they read to standard output when the environment
 * has LOG_TOKENS or LOG_STREAM set: the whole file, secrets included. They are unset while reading.
 */
function withoutYamlDebugOutput<T>(read: () => T): T {
  const saved = { LOG_TOKENS: process.env.LOG_TOKENS, LOG_STREAM: process.env.LOG_STREAM };
  delete process.env.LOG_TOKENS;
  delete process.env.LOG_STREAM;
  try {
    return read();
  } finally {
    for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
  }
}

/** Reads a settings file written in YAML 1.2 (merge keys `<<` included), within the limits. */
export function readSettingsYaml(text: string, limits: YamlLimits = YAML_LIMITS): YamlRead {
  return withoutYamlDebugOutput(() => readWithinLimits(text, limits));
}

function readWithinLimits(text: string, limits: YamlLimits): YamlRead {
  const y = yaml();
  const lines: LineCounter = new y.LineCounter();
  const parser: Parser = new y.Parser(lines.addNewLine);
  const tooDeep: YamlRead = {
    ok: false,
    limit: true,
    message: `its lists and maps nest more than ${limits.depth} levels deep; a settings file has a few levels`,
    work: 0,
  };
  // The parser keeps a stack of the open nodes, which slows it down as it grows: reading stops as
  // soon as it holds far more than the nesting allowed (a node of each level and a few in the
  // current one). The exact depth is checked on the tokens.
  const tokens: CST.Token[] = [];
  lines.addNewLine(0);
  for (const lexeme of new y.Lexer().lex(text)) {
    for (const token of parser.next(lexeme)) tokens.push(token);
    if (parser.stack.length > 2 * limits.depth + 8) return tooDeep;
  }
  for (const token of parser.end()) tokens.push(token);
  // yaml composes nested nodes recursively: a deep document must be refused before it is composed.
  if (nestsDeeperThan(tokens, limits.depth)) return tooDeep;
  // Keys may repeat (the last one wins, as with JSON.parse); checking them would take quadratic time.
  const docs = [...new y.Composer({ merge: true, uniqueKeys: false }).compose(tokens, true, text.length)];
  if (docs.length > 1)
    return { ok: false, limit: false, message: 'it holds more than one YAML document (---); give one at a time', work: 0 };
  const [doc] = docs;
  const error = doc.errors[0];
  if (error) {
    const { line, col } = lines.linePos(error.pos[0]);
    return { ok: false, limit: false, message: `${safeMessage(error.message)} at line ${line}, column ${col}`, work: 0 };
  }
  const counter = { work: 0 };
  try {
    const value = convertDocument(doc, limits, counter, lines);
    return { ok: true, value, work: counter.work };
  } catch (err) {
    if (err instanceof Stop) return { ok: false, limit: err.limit, message: err.message, work: counter.work };
    throw err;
  }
}
