// The configuration schema as other JSON-schema tools can read it: the same checks, without
// the product's annotation keywords (unit, engineSetting, secret, ...), which only it understands.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STRUCTURAL = new Set(['properties', 'items', 'if', 'then', 'else']);

export function annotationKeywords() {
  const meta = JSON.parse(fs.readFileSync(path.join(root, 'schemas/search-config.meta.schema.json'), 'utf8'));
  return new Set(Object.keys(meta.definitions.node.properties).filter((k) => !STRUCTURAL.has(k)));
}

export function plainSchema() {
  const drop = annotationKeywords();
  const strip = (node, inPropertyMap) => {
    if (Array.isArray(node)) return node.map((n) => strip(n, false));
    if (!node || typeof node !== 'object') return node;
    const out = {};
    for (const [k, v] of Object.entries(node)) {
      // Under `properties` the keys are field names, never keywords.
      if (!inPropertyMap && drop.has(k)) continue;
      out[k] = strip(v, !inPropertyMap && k === 'properties');
    }
    return out;
  };
  return strip(JSON.parse(fs.readFileSync(path.join(root, 'schemas/search-config.schema.json'), 'utf8')), false);
}

export function writePlainSchema(file) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(plainSchema(), null, 2));
  return file;
}
