import { rootSchema } from '../../schema';
import type { ParsedDocument } from '../json/document';
import { isPlan } from './document';

/** The configuration's top-level fields, listed once (every JSON document read is tested for them). */
let topLevelFields: readonly string[] | undefined;

/**
 * Whether a JSON document given as a configuration is something else, decided by its content and
 * conservatively: a document with any field of the configuration at its top level is one (with
 * mistakes, perhaps), and so is an object of unknown keys only (a misplaced field is a finding).
 * What is refused is what says it is another kind of file: a plan that lacks what a plan has
 * (`format_version` or `resource_changes`, or valid JSON), a Terraform state, and a few common
 * JSON files (an npm manifest, a TypeScript project, a JSON schema) that would otherwise be
 * reported field by field, and "fixed" by renaming their keys.
 */
export function notConfigurationReason(doc: ParsedDocument): string | undefined {
  const value = doc.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const root = value as Record<string, unknown>;
  const fields = rootSchema.properties ?? {};
  const has = (k: string): boolean => Object.prototype.hasOwnProperty.call(root, k);
  // The schema's few top-level fields are looked up in the value, not the value's keys in the schema:
  // a configuration may have many thousands of keys, and listing them all costs more than this whole test.
  const known = (topLevelFields ??= Object.keys(fields));
  for (let i = 0; i < known.length; i++) if (has(known[i])) return undefined;
  const keys = Object.keys(root);
  const neither = 'neither a service configuration nor a Terraform plan';
  const planLike = has('format_version') || has('resource_changes');
  if (planLike && doc.syntaxErrors.length) {
    const first = doc.syntaxErrors[0];
    const at = doc.lines.positionAt(first.offset);
    return `an invalid Terraform plan: it is not valid JSON (${first.code} at line ${at.line + 1}, column ${at.character + 1}). Write it again with \`terraform show -json PLANFILE > plan.json\`.`;
  }
  if (isPlan(value)) return undefined;
  if (planLike) {
    if (!has('format_version'))
      return `an invalid Terraform plan: it has resource_changes but no format_version, which every plan written by \`terraform show -json PLANFILE\` has.`;
    if (has('resource_changes'))
      return `an invalid Terraform plan: its resource_changes is ${describe(root.resource_changes)}, where a plan has a list of the resources Terraform will change.`;
    if (has('values') && !has('planned_values')) {
      return `${neither}: it has format_version but no resource_changes, as a Terraform state has (\`terraform show -json\` without a plan file). Lint a plan: \`terraform plan -out tf.plan && terraform show -json tf.plan > plan.json\`.`;
    }
    return `an invalid Terraform plan: it has format_version but no resource_changes, the list of the resources Terraform will change. Write it with \`terraform show -json PLANFILE > plan.json\`.`;
  }
  const kind = OTHER_KINDS.find((k) => k.keys.some(has) && (!k.also || k.also.some(has)));
  if (!kind) return undefined;
  const signature = OTHER_KINDS.filter((k) => k.name === kind.name).flatMap((k) => [...k.keys, ...(k.also ?? [])]);
  const shown = keys
    .filter((k) => signature.includes(k))
    .slice(0, 3)
    .map((k) => JSON.stringify(k))
    .join(', ');
  const examples = Object.keys(fields)
    .filter((k) => ['search', 'openid', 'ip_filter', 'index_patterns'].includes(k))
    .join(', ');
  return `${neither}: it looks like ${kind.name}, with ${shown}, and has none of the configuration's fields (${examples}, ...). It was not linted: name configuration files and plans only.`;
}

/** Files that say what they are by their top-level keys; `also`, when given, must match too. */
const OTHER_KINDS: ReadonlyArray<{ name: string; keys: string[]; also?: string[] }> = [
  { name: 'an npm package manifest (package.json)', keys: ['dependencies', 'devDependencies', 'peerDependencies', 'scripts'] },
  { name: 'an npm package manifest (package.json)', keys: ['name'], also: ['version'] },
  { name: 'a TypeScript or JavaScript project file (tsconfig.json)', keys: ['compilerOptions'] },
  { name: 'a JSON schema', keys: ['$schema', '$id'], also: ['properties', 'definitions', '$defs'] },
];

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}
