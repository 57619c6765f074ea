import { parseDocument } from './formats/json/document';
import { configurationLines } from './formats/terraform/edits';
import { alignEdits } from './formats/terraform/layout';
import { providerName } from './formats/terraform/names';
import { yamlBlock } from './formats/yaml/edits';
import { schemaAt } from './schema';
import type { ExampleFormat, FieldPath, RuleExample, RuleMeta, TextEdit } from './types';

/**
 * A rule's examples in each format a team writes the configuration in. Each example is written
 * once, as a JSON configuration, in the rule's metadata; its Terraform (`search_user_config` of
 * the provider's resource) and Kubernetes (`spec.userConfig` of a `kind: Search` manifest) forms
 * are written from its value here, so the three can never say different things. An example
 * written in one file type of its own (YAML, a request file, JSONC with comments) is shown as
 * written, in that format only.
 */

export const EXAMPLE_FORMATS: readonly ExampleFormat[] = ['json', 'terraform', 'yaml'];

export const FORMAT_TITLES: Record<ExampleFormat, string> = { json: 'JSON', terraform: 'Terraform', yaml: 'Kubernetes' };

/** One example in one format: the text, the file name the analyzer reads it as, and the fence language. */
export interface ExampleVariant {
  format: ExampleFormat | 'requests';
  title: string;
  code: string;
  fileName: string;
  lang: string;
  baseline?: string;
}

/** The file names the converted forms are read as: a Terraform file and a manifest. */
export const EXAMPLE_FILES: Record<ExampleFormat, string> = { json: 'example.json', terraform: 'main.tf', yaml: 'manifest.yaml' };

/** The formats a rule's JSON examples are shown in: all, unless the rule says it reads only some. */
export const formatsOf = (meta: RuleMeta): readonly ExampleFormat[] =>
  meta.exampleFormats?.formats.filter((f): f is ExampleFormat => f !== 'requests') ?? EXAMPLE_FORMATS;

/** The formats one JSON example is shown in: its rule's, less those the example says it cannot be written in. */
export const exampleFormatsOf = (meta: RuleMeta, ex: RuleExample): readonly ExampleFormat[] =>
  formatsOf(meta).filter((f) => !ex.only || ex.only.formats.includes(f));

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether every key of the value can be written as an HCL name: a dotted key of the schema is
 * written with underscores, as the provider spells it; any other dot would make another key.
 */
function writableInHcl(v: unknown, path: FieldPath): boolean {
  if (Array.isArray(v)) return v.every((x, i) => writableInHcl(x, [...path, i]));
  if (!isObject(v)) return true;
  const known = schemaAt(path)?.properties ?? {};
  return Object.entries(v).every(([k, x]) => {
    const name = k.includes('.') && Object.prototype.hasOwnProperty.call(known, k) ? providerName(k) : k;
    return IDENTIFIER.test(name) && writableInHcl(x, [...path, k]);
  });
}

/** Non-overlapping edits applied from the end, so earlier offsets stay valid. */
function applyAll(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.offset - a.offset)) out = out.slice(0, e.offset) + e.newText + out.slice(e.offset + e.length);
  return out;
}

/** The configuration as the provider's resource, laid out as `terraform fmt` lays it out. */
export function terraformExample(value: unknown): string | undefined {
  if (!isObject(value) || !writableInHcl(value, [])) return undefined;
  const inner = configurationLines(value, 2);
  const text = ['resource "vendor_search" "example" {', '  search_user_config {', ...inner, '  }', '}', ''].join('\n');
  return applyAll(text, alignEdits(text, [{ offset: 0, length: text.length }]));
}

/** The configuration as the `spec.userConfig` of the operator's manifest. */
export function manifestExample(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const config = Object.keys(value).length ? `\n${yamlBlock(value, '    ')}` : ' {}';
  return `apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: example\nspec:\n  cloudName: google-europe-west1\n  userConfig:${config}\n`;
}

/** Whether an example is a JSON configuration, which is shown in every format of its rule. */
export const isJsonExample = (ex: RuleExample): boolean => ex.fileName === undefined || /\.json$/i.test(ex.fileName);

/** The format of an example written in a file type of its own. */
function ownFormat(fileName: string): { format: ExampleVariant['format']; lang: string } {
  if (/\.jsonc?$/i.test(fileName)) return { format: 'json', lang: /\.jsonc$/i.test(fileName) ? 'jsonc' : 'json' };
  if (/\.ya?ml$/i.test(fileName)) return { format: 'yaml', lang: 'yaml' };
  if (/\.tf$/i.test(fileName)) return { format: 'terraform', lang: 'hcl' };
  // Request files are shown as plain text: in an `http` or `sh` block of the docs, the example's own
  // suppression comments and requests would be read as the docs' (and fixed away by --fix).
  if (/\.(md|markdown)$/i.test(fileName)) return { format: 'requests', lang: 'markdown' };
  return { format: 'requests', lang: 'text' };
}

const valueOf = (text: string): unknown => {
  const doc = parseDocument(text, { fileName: EXAMPLE_FILES.json });
  return doc.syntaxErrors.length ? undefined : doc.value;
};

/**
 * The forms of one example: a JSON configuration in each format of its rule (one the format cannot
 * hold is left out, which the drift test refuses), any other example as written.
 */
export function exampleVariants(meta: RuleMeta, ex: RuleExample): ExampleVariant[] {
  if (!isJsonExample(ex)) {
    const own = ownFormat(ex.fileName!);
    const title =
      own.format === 'requests'
        ? 'Request file'
        : own.format === 'yaml' && !ex.code.split('\n').some((l) => l.trimStart().startsWith('apiVersion:'))
          ? 'YAML'
          : FORMAT_TITLES[own.format];
    return [{ format: own.format, title, code: ex.code, fileName: ex.fileName!, lang: own.lang, baseline: ex.baseline }];
  }
  const out: ExampleVariant[] = [];
  const value = valueOf(ex.code);
  const baseline = ex.baseline === undefined ? undefined : valueOf(ex.baseline);
  for (const format of exampleFormatsOf(meta, ex)) {
    if (format === 'json') {
      out.push({
        format,
        title: FORMAT_TITLES.json,
        code: ex.code,
        fileName: ex.fileName ?? EXAMPLE_FILES.json,
        lang: 'json',
        baseline: ex.baseline,
      });
      continue;
    }
    const write = format === 'terraform' ? terraformExample : manifestExample;
    const code = write(value);
    const base = ex.baseline === undefined ? undefined : write(baseline);
    if (code === undefined || (ex.baseline !== undefined && base === undefined)) continue;
    out.push({
      format,
      title: FORMAT_TITLES[format],
      code,
      fileName: EXAMPLE_FILES[format],
      lang: format === 'terraform' ? 'hcl' : 'yaml',
      baseline: base,
    });
  }
  return out;
}
