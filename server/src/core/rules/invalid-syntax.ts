import { clampToText } from '../lines';
import { defineRule } from '../rule';
import { terraformSyntaxMessage, yamlSyntaxMessage } from './invalid-json';

// Syntax problems of Terraform and YAML files. They were reported as invalid-json before this
// rule existed: a setting or a suppression comment for invalid-json applies here too (see RULE_ALIASES).
export default defineRule({
  meta: {
    id: 'invalid-syntax',
    defaultSeverity: 'error',
    summary: 'A Terraform or YAML file must be readable: HCL or YAML syntax errors, each reported once.',
    details:
      'What the HCL parser (in `.tf` files) or the YAML parser (in `.yaml` manifests and `*.search.yaml` files) cannot read is reported once per place, with what is missing or unexpected. The blocks of a Terraform file that can be read are still checked. In YAML, what follows an error in its document is not checked until the error is fixed, since the parser can only guess it (a key above a line indented with a tab is read as having no value); the other documents of the file are checked. A configuration that is no map of settings (`userConfig: [static_ips]`, a text) is reported here too, as `invalid-json` reports a JSON file that holds no object; an empty one (`userConfig:`) sets nothing and is not reported. JSON files have their own rule, `invalid-json`. This rule was part of `invalid-json` before: a severity set for `invalid-json` in `.search-lint.json`, and a suppression comment naming `invalid-json`, apply to it too. A syntax error is reported as an error whatever the rule is set to (`off` included) and whatever a suppression comment says, as ESLint reports a parse error: Terraform reads no file with one, and kubectl applies no document with one.',
    reportsSyntax: true,
    fixable: false,
    exampleFormats: {
      formats: ['terraform', 'yaml'],
      why: 'the syntax of Terraform and YAML files; JSON that cannot be read is reported by invalid-json.',
    },
    examples: {
      valid: [{ code: 'static_ips: true\n', fileName: 'a.search.yaml' }],
      invalid: [
        { code: 'resource "vendor_search" "logs" {\n  search_user_config {\n    static_ips = \n  }\n}\n', fileName: 'main.tf' },
        { code: 'static_ips: [true\n', fileName: 'a.search.yaml' },
      ],
    },
  },
  check(ctx) {
    const message = ctx.doc.format === 'terraform' ? terraformSyntaxMessage : ctx.doc.format === 'yaml' ? yamlSyntaxMessage : undefined;
    if (!message) return;
    // A truncated file misses several closing braces at the same place: one finding says it. And
    // after an error, what the parser still waits for at the end of the file follows from it.
    let last = -1;
    const end = ctx.doc.text.trimEnd().length;
    for (const e of ctx.doc.syntaxErrors) {
      if (e.offset === last || (last >= 0 && e.offset >= end)) continue;
      last = e.offset;
      // The YAML parser places an error about a missing end one past the text.
      ctx.report({
        path: [],
        at: clampToText(ctx.doc.text, e.offset, e.length),
        message: message(e.code, ctx.doc.text.slice(e.offset, e.offset + e.length)),
        // Terraform reads no file with a syntax error, nor kubectl a document: see Finding.fatal.
        fatal: true,
      });
    }
    // As invalid-json says of a JSON file: a configuration is a map (`userConfig: [static_ips]` is none).
    // An empty one (`userConfig:`) sets nothing, and says nothing wrong.
    const value = ctx.doc.value;
    if (
      ctx.doc.format === 'yaml' &&
      !ctx.doc.syntaxErrors.length &&
      value !== null &&
      value !== undefined &&
      (typeof value !== 'object' || Array.isArray(value))
    ) {
      const holds = Array.isArray(value) ? 'a list' : typeof value === 'string' ? 'a text' : `a ${typeof value}`;
      ctx.report({
        path: [],
        message: `The configuration must be a map of settings, one key: value each, but it holds ${holds}. Write each setting as key: value (static_ips: true).`,
      });
    }
  },
});
