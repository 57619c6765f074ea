import {
  type AnalysisResult,
  rootSchema,
  type SchemaNode,
  type ConfigDocument,
  isPlaceholder,
  schemaShownFor,
  UNKNOWN_VALUE,
  type Segment,
} from '../core';

/** A Terraform reference written alone: `var.client_secret`, or `"${local.x}"` in Terraform's JSON syntax. */
const REFERENCE = /^(?:(?:var|local)\.[A-Za-z_][\w-]*|"\$\{(?:var|local)\.[A-Za-z_][\w-]*\}")$/;

/**
 * Where the values that may be secrets stand in a configuration of any format: strings and
 * numbers of secret fields and below keys the schema does not know (a misspelt secret field; a key
 * that names a field of another object exactly is read as that field, whose value a move writes there),
 * whatever expression writes a secret field (a template, a conditional, a call), and every value
 * that came from a sensitive source (a variable declared sensitive).
 */
export function secretValueRanges(doc: ConfigDocument): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const push = (path: readonly Segment[]): void => {
    const at = doc.rangeAt(path);
    // In Terraform, a bare reference (`var.client_secret`) names where the value is, and is no value
    // itself (in YAML or JSON the same text is the value).
    if (!at || (doc.format === 'terraform' && REFERENCE.test(doc.text.slice(at.offset, at.offset + at.length)))) return;
    out.push([at.offset, at.offset + at.length]);
  };
  for (const path of doc.sensitivePaths ?? []) push(path);
  const stack: Array<{ value: unknown; path: Segment[]; schema: SchemaNode | undefined; unknown: boolean }> = [
    { value: doc.value, path: [], schema: rootSchema, unknown: false },
  ];
  while (stack.length) {
    const { value, path, schema, unknown } = stack.pop()!;
    if (typeof value === 'string' || typeof value === 'number') {
      if ((unknown || schema?.secret) && !isPlaceholder(value)) push(path);
    } else if (value === UNKNOWN_VALUE) {
      // An expression: its text may hold the secret (`"${var.x}-literal"`, `cond ? "a" : "b"`, `sensitive("...")`).
      if (unknown || schema?.secret) push(path);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: [...path, i], schema: schema?.items, unknown }));
    } else if (value && typeof value === 'object' && value !== UNKNOWN_VALUE) {
      for (const k of Object.keys(value)) {
        // Below an unknown key everything may be a secret; a field written at the wrong level is that field.
        const child = unknown ? undefined : schemaShownFor(schema, path, k);
        stack.push({
          value: (value as Record<string, unknown>)[k],
          path: [...path, k],
          schema: child,
          unknown: unknown || child === undefined,
        });
      }
    }
  }
  return out;
}

/**
 * The configurations an analysis read, or none when it could not read the file (its parser missing,
 * the file past a limit), so that the caller masks every string instead.
 */
export function readConfigurations(result: AnalysisResult): readonly ConfigDocument[] | undefined {
  if (result.internalErrors.length || result.findings.some((f) => f.ruleId === 'input-limit')) return undefined;
  return result.configurations;
}
