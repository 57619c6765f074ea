import { schemaAt } from '../../server/src/core';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A configuration as `terraform show -json` shows it: every block a list (of one object, for a block that appears once). */
function planValue(value: Record<string, unknown>, at: Array<string | number>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const schema = schemaAt([...at, key]);
    const isBlock = isObject(v) && (!schema || schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object')));
    if (isBlock) out[key] = [planValue(v as Record<string, unknown>, [...at, key])];
    else if (at.length === 0 && key === 'ip_filter' && Array.isArray(v) && v.length && v.every(isObject)) out.ip_filter_object = v;
    else out[key] = v;
  }
  return out;
}

/** A plan (`terraform show -json`) with one resource change, from the configurations before and after. */
export function planOf(after: Record<string, unknown>, before?: Record<string, unknown>, marks: Record<string, unknown> = {}): string {
  const change = {
    address: 'module.eu.vendor_search.logs',
    module_address: 'module.eu',
    mode: 'managed',
    type: 'vendor_search',
    name: 'logs',
    change: {
      actions: [before ? 'update' : 'create'],
      before: before ? { project: 'p', search_user_config: [planValue(before, [])] } : null,
      after: { project: 'p', search_user_config: [planValue(after, [])] },
      after_unknown: {},
      before_sensitive: {},
      after_sensitive: {},
      ...marks,
    },
  };
  return `${JSON.stringify({ format_version: '1.2', terraform_version: '1.9.5', resource_changes: [change] }, null, 2)}\n`;
}
