import type { SchemaNode } from './schema';

/**
 * The placeholder a field's value is written as until it is filled in at deploy time, wherever a
 * placeholder is offered (a secret replaced, a required member added, completion, hover): the one
 * the field's description names (`<SMTP_PASSWORD>`), else its key in capitals (`<CLIENT_ID>`).
 */
export function placeholderFor(key: string, schema?: SchemaNode): string {
  const named = schema?.description ? /<[A-Z][A-Z0-9_]*>/.exec(schema.description)?.[0] : undefined;
  return named ?? `<${key.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}>`;
}
