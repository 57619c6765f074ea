import type { LineIndex } from '../lines';
import type { Conversion } from './conversion';
import type { FieldPath, OffsetRange, Segment, TextEdit } from '../types';

/**
 * The seam between the syntaxes a configuration is written in and everything that judges it.
 * Each format (JSON, Terraform, ...) reads its text into this document: the configuration's
 * value, where each key and value stands, which values the text does not determine, and the
 * comments. Rules read only this, and say what a fix should do as intents; the format writes
 * them in its own syntax.
 */

/** How a line comment starts in a format's syntax: `//` in JSONC and HCL, `#` in HCL and YAML. */
export type CommentMarker = '//' | '#';

export interface SyntaxProblem {
  offset: number;
  length: number;
  code: string;
  /** Length of the whole text the problem spoils, when more than what is underlined. */
  extent?: number;
  /** Where that text starts, when before the underline (the parser could not read it from there). */
  from?: number;
}
export interface Comment {
  offset: number;
  length: number;
  text: string;
  line: number;
}

/** What a fix does to the configuration, said without any syntax. Paths are field paths. */
export type FixIntent =
  /** Write `value` in place of the value at `path`. */
  | { kind: 'set'; path: FieldPath; value: unknown }
  /** Remove the member at `path` (with whatever separates it from its neighbours). */
  | { kind: 'remove'; path: FieldPath }
  /** Add the member `key: value` to the object at `path`. */
  | { kind: 'add'; path: FieldPath; key: string; value: unknown }
  /** Give the member at `path` the key `to`, its value untouched. */
  | { kind: 'rename'; path: FieldPath; to: string }
  /** Write the member `key: value` where the member at `path` stands, in its place. */
  | { kind: 'replace'; path: FieldPath; key: string; value: unknown }
  /** Append `item` to the array at `path`. */
  | { kind: 'append'; path: FieldPath; item: unknown }
  /** Carry the member at `path` to the field path `to` (its object created when only that is missing). */
  | { kind: 'move'; path: FieldPath; to: FieldPath }
  /** Remove every occurrence but the last of the repeated `key` of the object at `path`. */
  | { kind: 'remove-earlier'; path: FieldPath; key: string }
  /**
   * Write the member at `path`, written as an argument, as the block the format takes it as (one
   * block per item for a list): Terraform's `search {` for `search = {`. Only Terraform has it.
   */
  | { kind: 'as-block'; path: FieldPath };

/** A key written more than once in one object, with each occurrence in the order written. */
export interface RepeatedKey {
  /** Path of the object. */
  path: Segment[];
  key: string;
  /**
   * Each occurrence: its key, the whole member, and its value where it is a scalar the text
   * determines (an earlier occurrence's value is in no other place: the document keeps the last).
   */
  occurrences: Array<{ key: OffsetRange; member: OffsetRange; value?: { range: OffsetRange; read: string | number | boolean | null } }>;
  /** Set when the format refuses the repetition outright (rather than keeping the last): why. */
  refused?: string;
  /**
   * Set when Terraform makes one of the occurrences (a `dynamic` block, or an element of its for_each):
   * no fix removes one of them, since which is meant only the writer knows.
   */
  made?: boolean;
  /**
   * Set when what repeats is the block that holds the configuration itself, in what holds it (a
   * resource with two `search_user_config` blocks): that holder, as the finding names it (`the
   * resource`). `path` is then empty and `key` the block's name; the finding is about the
   * configuration as a whole, and offers no fix (merging the blocks is the writer's decision).
   */
  holder?: string;
}

/** One parse of one configuration in any format: everything the rules read. */
export interface ConfigDocument {
  /** Which format read the text. */
  readonly format: 'json' | 'terraform' | 'yaml';
  readonly text: string;
  /** True when the syntax has comments (and so suppression directives). */
  readonly commentsAllowed: boolean;
  /** The configuration's value (last duplicate key wins, as the API's parser does). Undefined when unparseable. */
  readonly value: unknown;
  readonly syntaxErrors: SyntaxProblem[];
  readonly lines: LineIndex;
  /** Set when the document exceeds a limit and was not parsed. */
  readonly tooDeep?: { depth: number; offset: number };
  /** True when the parse proved that no object repeats a key (so there is nothing to look for). */
  readonly noDuplicateKeys?: boolean;
  /**
   * True when the format converts a scalar to the type of its field (Terraform reads `"10"` as 10
   * for a number): such a value is accepted, and writing it in its own type is a matter of style.
   */
  readonly convertsScalars?: boolean;
  /**
   * True when Terraform's provider applies this configuration (a `.tf` file, Terraform's JSON syntax,
   * a plan): a change of a field the schema marks `replacesInTerraform` then replaces the service.
   */
  readonly appliedByTerraform?: boolean;
  /**
   * Where such a format converted a value (see formats/conversion.ts): `value` holds what the
   * service receives, and this what was written. Absent when nothing was converted.
   */
  readonly conversions?: ReadonlyArray<Conversion>;
  /**
   * Keys written in another spelling than the API's (the Terraform provider's
   * `cluster_search_request_slowlog` for `cluster.search.request.slowlog`): the path has the API's
   * key, and findings about it name what was written. Absent when there is none.
   */
  readonly spellings?: ReadonlyArray<{ path: FieldPath; written: string }>;
  /**
   * Names the format still reads but deprecates (the Terraform provider's older `ip_filter`): where,
   * the name written, and what to write instead. Absent when there is none.
   */
  readonly deprecatedNames?: ReadonlyArray<{ path: FieldPath; written: string; advice: string }>;
  /**
   * Keys written as the API spells them where the format knows the field by another name, and refuses
   * this one (`cluster.search.request.slowlog` in Terraform's JSON syntax, where the provider's name is
   * `cluster_search_request_slowlog`): the path has the key written, `key` is where. Such a member is
   * not in `value`. Absent when there is none.
   */
  readonly refusedKeys?: ReadonlyArray<{ path: FieldPath; key: OffsetRange }>;
  /**
   * Members written as an argument where the format takes only a block, and refuses the argument
   * (Terraform's "Unsupported argument" for `search = { ... }`, where the provider has `search { ... }`):
   * the path, where the name is written, the name as written, and whether the block repeats (one
   * block per item of a list). Their values are read as the blocks' would be. `expression` when the
   * value is neither a constructor nor a literal (`var.oidc`, `merge(...)`): its members are not written
   * out, so no block can be written from it, only made at plan (Terraform's `dynamic` block); with its
   * text when it is a plain reference (`var.oidc`, `local.search`), which holds no value and may be
   * shown. Absent when there is none.
   */
  readonly blockArguments?: ReadonlyArray<{
    path: FieldPath;
    key: OffsetRange;
    written: string;
    repeats: boolean;
    expression?: { reference?: string };
  }>;
  /** How this format writes an API key (Terraform: the provider's name, which cannot hold a dot); the key itself when absent. */
  keyName?(key: string): string;
  /**
   * Members whose value is not written at the field but is a variable's (Terraform's `var.NAME`):
   * which variable, where its value is set (`terraform.tfvars:3`), whether it is declared sensitive.
   */
  readonly variablesUsed?: ReadonlyArray<{ path: FieldPath; variable: string; from: string; sensitive?: boolean }>;
  /**
   * The member whose key or value holds `offset`, innermost first (undefined outside the
   * configuration): set by the formats whose configurations sit inside a file of another language,
   * whose editor features (hover, inlay hints) answer by member.
   */
  memberAt?(offset: number): { path: FieldPath; range: OffsetRange } | undefined;
  /** True when the parse proved that no number has 19 digits or more (so none is above 2^63-1). */
  readonly noLongNumbers?: boolean;
  /**
   * Paths whose value the text does not determine (an expression): the keys are there, the
   * values are not known. Their place in `value` holds UNKNOWN_VALUE. Absent when there is none.
   */
  readonly unknownPaths?: readonly FieldPath[];
  /**
   * Where the parser's reading of the text becomes a guess (a JSON syntax error other than a
   * comment or a trailing comma): findings of other rules from there on are dropped, since they
   * would judge what the parser made of the rest, not what was written. Absent when none.
   */
  readonly readableUntil?: number;
  /**
   * Paths whose value came from a source that must never be shown, whatever the field (a Terraform
   * variable declared `sensitive = true`, a `sensitive()` call): every value at or below them is
   * hidden in every output. Values of secret fields need no entry: the schema says so. Absent when none.
   */
  readonly sensitivePaths?: readonly FieldPath[];
  /**
   * True for a configuration read from a Terraform plan: a value the plan marks sensitive was given
   * by a variable declared sensitive or a `sensitive()` call in the .tf files, which the plan does
   * not show (a plan holds every value, in plain text or not).
   */
  readonly fromPlan?: boolean;
  /**
   * True when the member at a path (or a member that holds it) is not written where it is found but
   * brought in from elsewhere (a YAML merge key `<<: *base`): findings stand at the merge, and a fix
   * must be made where the value is written. Absent in formats that cannot do this.
   */
  writtenElsewhere?(path: FieldPath): boolean;
  comments(): Comment[];
  /** Offset and length of the value at a field path, without building a parse tree when it can. */
  rangeAt(path: FieldPath): OffsetRange | undefined;
  /** Where to report a finding about a path: its key, its value or the whole property. */
  locate(path: FieldPath, target: 'key' | 'value' | 'property'): OffsetRange;
  /** Keys written more than once in one object, in document order. */
  repeatedKeys(): RepeatedKey[];
  /** The text edits that carry out the intents in this format's syntax; undefined when one of them cannot be made here. */
  editsFor(intents: readonly FixIntent[]): TextEdit[] | undefined;
}

/**
 * Where the configuration Terraform sends instead of one a file holds is written: an override file
 * of the module, and the line (1-based) of its search_user_config block or argument.
 */
export interface Replacement {
  fileName: string;
  line: number;
}

/** Where a member is written in a format that keeps a range per path: key (none for a list item), value, whole member. */
export interface MemberRanges {
  key?: OffsetRange;
  value: OffsetRange;
  member: OffsetRange;
}

/**
 * `ConfigDocument.locate` for such a format: as far as the path exists, so that a missing field is
 * reported on the key of its nearest parent; `fallback` when not even the root is written.
 */
export function locateMember(
  entryOf: (path: FieldPath) => MemberRanges | undefined,
  path: FieldPath,
  target: 'key' | 'value' | 'property',
  fallback: OffsetRange,
): OffsetRange {
  for (let depth = path.length; depth >= 0; depth--) {
    const entry = entryOf(path.slice(0, depth));
    if (!entry) continue;
    if (depth < path.length || target === 'key') return entry.key ?? entry.value;
    return target === 'property' ? entry.member : entry.value;
  }
  return fallback;
}

/** Every intent's edits, in order; undefined when one of them cannot be written in the format. */
export function editsOfAll<T extends object>(
  tree: T,
  intents: readonly FixIntent[],
  editsOf: (tree: T, intent: FixIntent) => TextEdit[] | undefined,
): TextEdit[] | undefined {
  const out: TextEdit[] = [];
  for (const intent of intents) {
    const edits = editsOf(tree, intent);
    if (!edits) return undefined;
    out.push(...edits);
  }
  const keys = intents.flatMap((i) => {
    const key = writtenKey(i);
    return key === undefined ? [] : [{ key: `${treeId(tree)}\u0000${key}`, added: i.kind === 'add' }];
  });
  if (keys.length) WRITES.set(out, keys);
  return out;
}

/**
 * The keys the edits of a fix write into an object, by configuration and field path. Two fixes
 * of one pass that write the same key into the same object (a misspelt key renamed, and the
 * missing key added) would write it twice, which Terraform and the API refuse: the fixer applies
 * one of them (the one keeping what the user wrote rather than the one adding a new value) and
 * the next pass sees what is left. Kept beside the edits, not in them, so that no output shows it.
 */
export interface WrittenKey {
  key: string;
  /** Written by adding a member, with a value of the fix's own. */ added: boolean;
}
const WRITES = new WeakMap<readonly TextEdit[], readonly WrittenKey[]>();
const TREE_IDS = new WeakMap<object, number>();
let trees = 0;
function treeId(tree: object): number {
  let id = TREE_IDS.get(tree);
  if (id === undefined) TREE_IDS.set(tree, (id = ++trees));
  return id;
}

function writtenKey(intent: FixIntent): string | undefined {
  switch (intent.kind) {
    case 'add':
      return JSON.stringify([...intent.path, intent.key]);
    case 'rename':
      return JSON.stringify([...intent.path.slice(0, -1), intent.to]);
    case 'replace':
      return JSON.stringify([...intent.path.slice(0, -1), intent.key]);
    case 'move':
      return JSON.stringify(intent.to);
    default:
      return undefined;
  }
}

/** The keys a fix's edits write (see WRITES); none for edits that only change or remove. */
export const keysWrittenBy = (edits: readonly TextEdit[]): readonly WrittenKey[] => WRITES.get(edits) ?? [];
