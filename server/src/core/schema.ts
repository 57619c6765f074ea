import schemaJson from '../../../schemas/search-config.schema.json';
import { formatPath } from './paths';
import type { Unit } from './units';
import type { FieldPath, Segment } from './types';

/** The subset of JSON Schema plus our annotation keywords that the core reads. */
export interface SchemaNode {
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  defaultText?: string;
  examples?: unknown[];
  unit?: Unit;
  engineSetting?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  valueFormat?: 'cidr' | 'url' | 'hostname' | 'pem' | 'host-port';
  deprecated?: boolean;
  deprecationMessage?: string;
  replacedBy?: string;
  deprecatedValues?: unknown[];
  deprecatedValuesMessage?: string;
  restartsEngine?: boolean;
  createOnly?: boolean;
  /** The Terraform provider replaces the service when the field changes (it forces a new resource). */
  replacesInTerraform?: boolean;
  /** Why the Terraform provider refuses an empty list for the field (the API takes one). */
  emptyRefusedInTerraform?: string;
  cannotBeEnabled?: boolean;
  secret?: boolean;
  vendorOnly?: boolean;
  requires?: string;
  threadPool?: boolean;
  performanceThreshold?: number;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean;
  required?: string[];
  items?: SchemaNode;
  if?: SchemaNode;
  then?: SchemaNode;
  else?: SchemaNode;
  const?: unknown;
  title?: string;
}

export type { Unit } from './units';

export const rootSchema = schemaJson as unknown as SchemaNode;

/** A field of the configuration with everything the schema says about it. */
export interface FieldInfo {
  /** Segments with `[]` standing for any array item. */
  path: readonly string[];
  /** `search.http_max_content_length`, `ip_filter[]`. */
  dotted: string;
  key: string;
  schema: SchemaNode;
  parent?: FieldInfo;
}

const has = Object.prototype.hasOwnProperty;
export const typesOf = (s: SchemaNode): string[] => (s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]);
export const allowsNull = (s: SchemaNode): boolean => typesOf(s).includes('null');

function buildIndex(): FieldInfo[] {
  const out: FieldInfo[] = [];
  const visit = (schema: SchemaNode, path: string[], parent: FieldInfo | undefined): void => {
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      const p = [...path, key];
      const info: FieldInfo = { path: p, dotted: dotted(p), key, schema: child, parent };
      out.push(info);
      visit(child, p, info);
      if (child.items) {
        const ip = [...p, '[]'];
        const item: FieldInfo = { path: ip, dotted: dotted(ip), key: '[]', schema: child.items, parent: info };
        out.push(item);
        visit(child.items, ip, item);
      }
    }
  };
  visit(rootSchema, [], undefined);
  return out;
}
const dotted = (p: readonly string[]): string =>
  formatPath(p.map((s) => s))
    .replace(/\.\[\]/g, '[]')
    .replace(/\["\[\]"\]/g, '[]');

/** Every field of the schema, parents before children. */
export const ALL_FIELDS: readonly FieldInfo[] = buildIndex();
const byDotted = new Map(ALL_FIELDS.map((f) => [f.dotted, f]));

/** The schema of a concrete path (array indices match `[]`), or undefined when the schema does not define it. */
export function schemaAt(path: FieldPath): SchemaNode | undefined {
  let node: SchemaNode | undefined = rootSchema;
  for (const seg of path) {
    if (!node) return undefined;
    if (typeof seg === 'number') node = node.items;
    else node = node.properties && has.call(node.properties, seg) ? node.properties[seg] : undefined;
  }
  return node;
}

export function fieldAt(path: FieldPath): FieldInfo | undefined {
  return byDotted.get(dotted(path.map((s) => (typeof s === 'number' ? '[]' : s))));
}

/** Look a field up by its documented dotted name (`search.http_max_content_length`, `ip_filter[]`). */
export function fieldByName(name: string): FieldInfo | undefined {
  return byDotted.get(name) ?? byDotted.get(name.replace(/\[\d+\]/g, '[]'));
}

/** Keys the schema allows in the object at `path`. */
export function keysAt(path: FieldPath): string[] {
  return Object.keys(schemaAt(path)?.properties ?? {});
}

/** Engine setting name (e.g. `http.max_content_length`) -> field. */
export const BY_ENGINE_SETTING: ReadonlyMap<string, FieldInfo> = new Map(
  ALL_FIELDS.filter((f) => f.schema.engineSetting).map((f) => [f.schema.engineSetting!, f]),
);

export const isDocumented = (f: FieldInfo): boolean => !f.schema.vendorOnly && !(f.parent && !isDocumented(f.parent));

export const segmentsOf = (f: FieldInfo): Segment[] => f.path.map((s) => s);
