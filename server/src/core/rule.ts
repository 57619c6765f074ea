import type { FixIntent, ConfigDocument } from './formats/document';
import type { SchemaNode } from './schema';
import type { AnalyzeOptions, Fix, RawFinding, RuleMeta, Segment } from './types';

/** One error of the precompiled schema validator, with the path as segments. */
export interface SchemaError {
  path: Segment[];
  keyword: string;
  params: Record<string, unknown>;
  /** Schema of the value at `path`, when the schema defines it. */
  schema: SchemaNode | undefined;
}

export interface BaselineInfo {
  doc: ConfigDocument;
  value: unknown;
  label: string;
  /**
   * True when the change replaces the service (a plan's `["delete", "create"]`): the configuration is
   * a new service's, and the baseline is the service destroyed. Nothing of it is kept, nothing restarts.
   */
  replaced?: boolean;
}

export interface RuleContext {
  readonly doc: ConfigDocument;
  readonly value: unknown;
  readonly options: AnalyzeOptions;
  readonly schemaErrors: readonly SchemaError[];
  readonly baseline?: BaselineInfo;
  report(finding: RawFinding): void;
}

export interface Rule {
  meta: RuleMeta;
  check(ctx: RuleContext): void;
}

export const defineRule = (rule: Rule): Rule => rule;

/** A fix that carries out the intents in the document's own syntax; undefined when the document cannot make it. */
export function intentFix(doc: ConfigDocument, title: string, ...intents: FixIntent[]): Fix | undefined {
  const edits = doc.editsFor(intents);
  return edits && { title, edits };
}

/** A fix as a list of suggestions: none when the document cannot make it. */
export const optional = (fix: Fix | undefined): Fix[] | undefined => fix && [fix];
