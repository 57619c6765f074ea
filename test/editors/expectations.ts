/**
 * What a real editor must show for the fixture, computed from the analyzer core and the schema rather than
 * written down: the diagnostics are exactly the core's findings, the completion offers a documented default
 * the schema holds, and the hover converts the value with the unit the schema gives.
 */
import { analyze, fieldAt, parseDocument, parsePathString, type Finding, type Position } from '../../server/src/core';
import { defaultText } from '../../server/src/core/describe';
import type { SchemaNode } from '../../server/src/core/schema';
import { describeWithUnit } from '../../server/src/core/units';

export interface EditorExpectations {
  findings: Finding[];
  /** The finding about the deprecated field the fixture sets: the VS Code Problems row to look for. */
  deprecated: Finding;
  completion: {
    at: Position;
    /** A key of the enclosing object, absent from the fixture, with a documented default and a unit. */
    label: string;
    /** Path of that enclosing object. */
    parentPath: string[];
    /** How the default reads in completion details (`128 MiB`) and as inserted JSON (`128`). */
    defaultText: string;
    defaultJson: string;
  };
  hover: {
    at: Position;
    /** The current value with its unit, and its friendlier equivalent: `45000 ms`, `45 s`. */
    mustContain: string[];
    /** The field's documented default (`30000 (30 s)`): only the field documentation says it, no diagnostic does. */
    fieldDefault: string;
  };
}

export function expectationsFor(text: string, fileName: string): EditorExpectations {
  const doc = parseDocument(text, { fileName });
  const findings = analyze(text, { fileName }).findings;
  const deprecated = findings.find((f) => f.ruleId === 'deprecated-field' && fieldAt(parsePathString(f.path))?.schema.deprecated);
  if (!deprecated)
    throw new Error(
      `the fixture ${fileName} sets no deprecated field, or the core no longer reports it: findings ${JSON.stringify(findings.map((f) => f.ruleId))}`,
    );

  // Completion happens on the fixture's only blank line, inside an object.
  const lines = text.split('\n');
  const blank = lines.findIndex((l, i) => i > 0 && l.trim() === '');
  if (blank < 0) throw new Error(`the fixture ${fileName} needs a blank line inside an object to complete on`);
  const enclosing = enclosingObjectPath(doc, doc.lines.offsetAt({ line: blank, character: 0 }));
  const parentSchema = fieldAt(enclosing)?.schema;
  const present = new Set(Object.keys((valueAt(doc.value, enclosing) ?? {}) as object));
  const candidate = Object.entries(parentSchema?.properties ?? {}).find(
    ([key, s]) => !present.has(key) && !s.deprecated && s.default !== undefined && s.unit && s.unit !== 'count',
  );
  if (!candidate) throw new Error(`no absent field with a default and a unit under ${enclosing.join('.')}`);
  const [label, schema] = candidate as [string, SchemaNode];

  // Hover on the first number whose field has a default and a unit that converts to a friendlier one.
  const hovered = numbersWithUnit(doc).find((n) => n.schema.default !== undefined && describeWithUnit(n.value, n.schema.unit!).human);
  if (!hovered) throw new Error(`the fixture ${fileName} has no number with a unit to hover`);
  const described = describeWithUnit(hovered.value, hovered.schema.unit!);

  return {
    findings,
    deprecated,
    completion: {
      at: { line: blank, character: lines[blank - 1].search(/\S/) },
      label,
      parentPath: enclosing,
      defaultText: defaultText(schema)!,
      defaultJson: JSON.stringify(schema.default),
    },
    hover: { at: hovered.at, mustContain: [described.raw, described.human!], fieldDefault: defaultText(hovered.schema)! },
  };
}

function valueAt(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value);
}

/** Path of the innermost object whose braces contain the offset (objects only: the fixture has no arrays there). */
function enclosingObjectPath(doc: ReturnType<typeof parseDocument>, offset: number): string[] {
  let path: string[] = [];
  const visit = (node: NonNullable<typeof doc.root>, at: string[]): void => {
    if (node.type !== 'object' || offset <= node.offset || offset >= node.offset + node.length) return;
    path = at;
    for (const prop of node.children ?? []) {
      const [key, value] = prop.children ?? [];
      if (key && value) visit(value, [...at, String(key.value)]);
    }
  };
  if (doc.root) visit(doc.root, []);
  return path;
}

function numbersWithUnit(doc: ReturnType<typeof parseDocument>): Array<{ value: number; schema: SchemaNode; at: Position }> {
  const out: Array<{ value: number; schema: SchemaNode; at: Position }> = [];
  const visit = (node: NonNullable<typeof doc.root>, at: string[]): void => {
    for (const prop of node.type === 'object' ? (node.children ?? []) : []) {
      const [key, value] = prop.children ?? [];
      if (!key || !value) continue;
      const path = [...at, String(key.value)];
      const schema = fieldAt(path)?.schema;
      if (value.type === 'number' && schema?.unit && schema.unit !== 'count') {
        out.push({ value: value.value as number, schema, at: doc.lines.positionAt(value.offset + 1) });
      }
      visit(value, path);
    }
  };
  if (doc.root) visit(doc.root, []);
  return out;
}
