import type { ParsedDocument } from './document';
import type { SchemaNode } from './schema';
import type { AnalyzeOptions, RawFinding, RuleMeta, Segment } from './types';

/** One error of the precompiled schema validator, with the path as segments. */
export interface SchemaError {
  path: Segment[];
  keyword: string;
  params: Record<string, unknown>;
  /** Schema of the value at `path`, when the schema defines it. */
  schema: SchemaNode | undefined;
}

export interface BaselineInfo { doc: ParsedDocument; value: unknown; label: string }

export interface RuleContext {
  readonly doc: ParsedDocument;
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
