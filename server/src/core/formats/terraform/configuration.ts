/**
 * What reading a Terraform file gives for each `search_user_config` block: the types the reader
 * (read.ts), the expression reader (expressions.ts) and the block fragments (fragments.ts) share, in a
 * module of their own so that none of them imports another in a circle.
 */
import type { OffsetRange, Segment } from '../../types';
import type { MemberRanges, RepeatedKey } from '../document';
import type { ReadMemo } from '../memo';
import type { TypeConstraint } from './variable-types';

/** Where one member of a configuration is written: an attribute, a block, or an element of a list or object constructor. */
export interface Entry {
  kind: 'attribute' | 'block' | 'element';
  /** The key: the attribute's name, the block's type, an object constructor's key. Absent for list elements. */
  key?: OffsetRange;
  /** The value: the expression, or for a block the braces and what they hold. */
  value: OffsetRange;
  /** The whole member: attribute, block, or element. */
  member: OffsetRange;
  /** For blocks and constructors: the offsets of the opening and closing bracket, and the members inside. */
  open?: number;
  close?: number;
  children?: OffsetRange[];
  /**
   * Set for a `dynamic` block and its `content`: the blocks Terraform makes from them are not
   * written out, so a fix may change what the content says but never remove or repeat it.
   */
  generated?: boolean;
}

/** A member whose value is a variable's (`var.NAME`): which variable, and where its value is written. */
export interface VariableUse {
  path: Segment[];
  variable: string;
  from: string;
  sensitive?: boolean;
}

/** A configuration as read from either syntax of Terraform (`.tf`, `.tf.json`): what its document is made of. */
export interface TerraformConfiguration<E extends MemberRanges> {
  /** The resource address, `vendor_search.logs`. */
  address: string;
  /** The resource block, from its type to its closing brace (in JSON, the resource's body). */
  resource: OffsetRange;
  value: Record<string, unknown>;
  /** Each written member by its path (see pathKey). The root's entry is the block itself. */
  entries: ReadonlyMap<string, E>;
  unknownPaths: Segment[][];
  repeated: RepeatedKey[];
  /** Dotted keys written in the provider's spelling: the key's path, and the name written. */
  spellings: Array<{ path: Segment[]; written: string }>;
  /** Dotted keys written with their dots, which Terraform refuses (see ConfigDocument.refusedKeys). */
  refusedKeys?: Array<{ path: Segment[]; key: OffsetRange }>;
  /** Members whose value is a variable's, by path (see pathKey). */
  resolved: ReadonlyMap<string, VariableUse>;
  /**
   * Values written inside Terraform's `sensitive()` (`client_secret = sensitive("...")`), by path: read
   * as the value the call is given, and never shown, as a variable declared sensitive is not.
   */
  sensitive?: Segment[][];
  variables?: VariableValues;
}

/** One `search_user_config` block of a resource: a configuration of its own. */
export interface Configuration extends TerraformConfiguration<Entry> {
  entries: Map<string, Entry>;
  resolved: Map<string, VariableUse>;
  sensitive: Segment[][];
  /** Blocks read before, when the file was read before: see ReadMemo. */
  reading?: { memo: ReadMemo; text: string };
}

/** What reading collects into a configuration, empty: a new one's, or a scratch one's (a block read for the memo, a literal). */
export const noneRead = (): Pick<Configuration, 'entries' | 'unknownPaths' | 'repeated' | 'spellings' | 'resolved' | 'sensitive'> => ({
  entries: new Map(),
  unknownPaths: [],
  repeated: [],
  spellings: [],
  resolved: new Map(),
  sensitive: [],
});

/**
 * Literal values of variables (`var.NAME`): the value, the file and line that give it (`terraform.tfvars:3`),
 * whether the variable is declared sensitive (its value is then never shown), and its declared type
 * when it has one this reader knows (the value is already converted to it).
 */
export type VariableValues = ReadonlyMap<string, { value: unknown; from: string; sensitive?: boolean; type?: TypeConstraint }>;
