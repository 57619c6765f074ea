import { defineRule } from '../rule';
import { ALL_FIELDS } from '../schema';
import { shortened } from '../values';
import { providerName } from '../formats/terraform/names';
import { isUnclosedComment, trailingComma } from '../formats/json/damaged';

const WHY: Record<string, string> = {
  InvalidCommentToken:
    'Comments are not allowed in a .json file: the API accepts plain JSON. Remove the comment, or rename the file to .jsonc if it is only a source that is converted before submission.',
  PropertyNameExpected: 'A property name in double quotes is expected here.',
  ValueExpected: 'A value is expected here.',
  ColonExpected: 'A colon is expected after the property name.',
  CommaExpected: 'A comma is expected between the members.',
  CloseBraceExpected: 'A closing brace } is expected.',
  CloseBracketExpected: 'A closing bracket ] is expected.',
  EndOfFileExpected: 'Nothing may follow the configuration object.',
  InvalidSymbol: 'This is not valid JSON.',
  InvalidNumberFormat: 'This number is not valid JSON.',
  InvalidUnicode: 'This \\u escape is not valid.',
  InvalidEscapeCharacter: 'This escape sequence is not valid in a JSON string.',
  UnexpectedEndOfComment: 'The comment is not closed.',
  UnexpectedEndOfString: 'The string is not closed.',
  UnexpectedEndOfNumber: 'The number is incomplete.',
  InvalidCharacter: 'This character is not allowed in a JSON string: escape it.',
};

const KNOWN_KEYS = new Set(ALL_FIELDS.map((f) => f.key));

/** Errors whose text is a comment: the message names the comment, it does not quote it. */
const COMMENT_CODES = new Set(['InvalidCommentToken', 'UnexpectedEndOfComment']);

/**
 * What the parser stumbled on, as a message may show it. Punctuation and the schema's own keys
 * are quoted; any other text may be the value of a secret field whose quotes are broken, so
 * only its kind is named.
 */
function foundText(token: string): string {
  if (/^[\s{}[\]:,\/*]{1,20}$/.test(token) || token === 'true' || token === 'false' || token === 'null') return JSON.stringify(token);
  if (/^"(?:[^"\\]|\\.)*"$/.test(token)) {
    let key: unknown;
    try {
      key = JSON.parse(token);
    } catch {
      key = undefined;
    }
    return typeof key === 'string' && KNOWN_KEYS.has(key) ? JSON.stringify(token) : 'a string';
  }
  if (token.startsWith('"')) return 'an unclosed string';
  if (token.startsWith("'")) return 'a string in single quotes, which JSON does not have: use double quotes';
  // A number the parser read whole, standing where it expected something else (`{"a" 1}`, `[1 2]`).
  if (/^-?\d+(?:\.\d+)?(?:e[-+]?\d+)?$/i.test(token)) return 'a number';
  if (/^[-+.\d]/.test(token)) return 'an invalid number';
  return `${token.length === 1 ? 'a character' : 'a word'} that is not JSON`;
}

/**
 * A syntax problem of a file in Terraform's JSON syntax (`.tf.json`), by jsonc-parser's code: Terraform
 * reads strict JSON, and none of a file it cannot parse.
 */
export function terraformJsonSyntaxMessage(code: string): string {
  const what =
    code === 'InvalidCommentToken'
      ? 'Comments are not allowed in Terraform\'s JSON syntax; write a "//" property instead.'
      : (WHY[code] ?? code);
  return `Syntax error in the Terraform JSON file: ${what} Terraform reads nothing of a file it cannot parse; fix the syntax (terraform validate shows it too).`;
}

/** The HCL grammar's names of what the parser found missing, as a writer knows them (the others are punctuation). */
const MISSING_TOKEN: Readonly<Record<string, string>> = {
  quoted_template_end: 'the closing quote (")',
  quoted_template_start: 'a quote (")',
  block_start: '"{"',
  block_end: '"}"',
  template_interpolation_end: 'the "}" that closes "${"',
  identifier: 'a name',
};

/** A syntax problem of a Terraform file, as its parser names it (`missing }`, `unexpected text`, `unclosed string`). */
export function terraformSyntaxMessage(code: string, written = ''): string {
  if (code === 'quoted name') return quotedNameMessage(written);
  if (code === 'object as file')
    return 'Syntax error in the Terraform file: the file is one object, as Terraform\'s JSON syntax writes it, but a .tf file is read as HCL, where only arguments and blocks stand at the top level ("Argument or block definition required"). Name the file .tf.json, or write it in HCL.';
  const missing = code.startsWith('missing ') ? code.slice('missing '.length) : undefined;
  const what =
    missing !== undefined && (Object.hasOwn(MISSING_TOKEN, missing) || !/^[a-z_]+$/.test(missing))
      ? `${Object.hasOwn(MISSING_TOKEN, missing) ? MISSING_TOKEN[missing] : JSON.stringify(missing)} is missing here`
      : code === 'unclosed string'
        ? 'the quoted string opened here is not closed on its line (a quoted string cannot span lines; use a heredoc for several)'
        : 'the text from here cannot be read as HCL (look for a missing "=", brace or quote)';
  return `Syntax error in the Terraform file: ${what}. What can be read is still checked; fix the syntax (terraform validate shows it too).`;
}

/** An argument name written quoted (`"cluster.remote_store" = {}`), which HCL refuses. */
function quotedNameMessage(written: string): string {
  const name = written.startsWith('"') && written.endsWith('"') && written.length > 1 ? written.slice(1, -1) : written;
  const shown = shortened(name);
  const unquoted = providerName(name);
  const how = /^[A-Za-z_][\w-]*$/.test(unquoted)
    ? `write it without quotes (${shortened(unquoted)} = …)${name.includes('.') ? ', as the provider spells a dotted key with "_"' : ''}`
    : 'write it without quotes, as a name of letters, digits, "_" and "-"';
  return `Syntax error in the Terraform file: the argument name "${shown}" is quoted, and HCL reads an argument's name only unquoted. What can be read is still checked; ${how}.`;
}

/** A syntax problem of a YAML file, by yaml's code (its own message may quote the file's text). */
export function yamlSyntaxMessage(code: string, written = ''): string {
  if (code === 'ALIAS_WITHOUT_ANCHOR') {
    // The alias as written (`*base`): its name, which an anchor `&base` would set.
    const shown = shortened(written.startsWith('*') ? written.slice(1) : 'name');
    return `This alias (*${shown}) names no anchor (&${shown}) set before it, so YAML readers (the Kubernetes API server among them) refuse the document. Set the anchor on a value above this one, or write the value out here.`;
  }
  if (code === 'KEY_NOT_TEXT')
    return 'A key here is a list or a map (written with ? or as a flow collection): every key of the configuration is a field name, written as text. Write the field name.';
  if (code === 'UNCLOSED_QUOTE') {
    const q = written.startsWith("'") ? "'" : '"';
    return `This quoted string (opened with ${q}) is never closed, so YAML reads the rest of the document as its text, and nothing after it is checked. Close it with ${q} (kubectl apply --dry-run=client refuses the document too).`;
  }
  const what = code.toLowerCase().replace(/_/g, ' ');
  return `Syntax error in the YAML file (${what}). What follows it in this document is not checked until it is fixed (the parser can only guess it); fix the syntax (kubectl apply --dry-run=client shows it too).`;
}

export default defineRule({
  meta: {
    id: 'invalid-json',
    defaultSeverity: 'error',
    summary: 'The file must be valid JSON; comments and trailing commas only in .jsonc files.',
    details:
      "The service API takes plain JSON. A syntax error stops the API from reading the configuration at all. Files named `*.jsonc` may hold comments and trailing commas (and suppression comments); they must be converted to JSON before they are submitted. Syntax errors of Terraform and YAML files are reported by `invalid-syntax`.\n\nComments, trailing commas and faults inside a string or a number (a bad escape, `1e`) are reported each, and the value holding such a fault is not judged by other rules. At any other error (a missing comma, quote or brace, a word that is not JSON) the parser can only guess what follows: that first error is reported alone, and nothing after it is judged until it is fixed, since the parser's guesses would be reported as mistakes that are not there. That error is reported as an error whatever the rule is set to (`off` included) and whatever a suppression comment says, as ESLint reports a parse error: a file nobody can read never passes a run.",
    reportsSyntax: true,
    fixable: true,
    exampleFormats: {
      formats: ['json'],
      why: 'the syntax of JSON and JSONC; a Terraform or YAML file that cannot be read is reported by invalid-syntax.',
    },
    examples: {
      valid: [
        { code: '{ "search_version": "2.19" }' },
        { code: '{\n  // chosen for the new query features\n  "search_version": "2.19",\n}', fileName: 'prod.search.jsonc' },
      ],
      invalid: [
        { code: '{ "search_version": "2.19", }' },
        { code: '{\n  // comment\n  "static_ips": true\n}' },
        { code: '{ "static_ips": true' },
      ],
    },
  },
  check(ctx) {
    // Terraform and YAML syntax: invalid-syntax.
    if (ctx.doc.format !== 'json') return;
    const { text } = ctx.doc;
    if (!text.trim()) {
      ctx.report({
        path: [],
        at: { offset: 0, length: 0 },
        message: 'The file is empty: a service configuration is a JSON object, at least {}.',
      });
      return;
    }
    const commas = new Set<number>();
    // The first error the parser cannot read past exactly is reported; what it says after it
    // (a closing brace it still waits for, a quote it now takes for the start of a string) follows
    // from that one: one mistake, one finding. Comments and trailing commas before it are reported each.
    // (The parser reports errors in the order of the text, so the loop meets that one before any after it.)
    const until = ctx.doc.readableUntil;
    for (const e of ctx.doc.syntaxErrors) {
      const comma = trailingComma(text, e.code, e.offset);
      if (comma !== undefined) {
        if (commas.has(comma)) continue;
        commas.add(comma);
        ctx.report({
          path: [],
          at: { offset: comma, length: 1 },
          message:
            'Trailing commas are not allowed in a .json file: the API accepts plain JSON. Remove the comma (or rename the file to .jsonc).',
          fix: { title: 'Remove the trailing comma', edits: [{ offset: comma, length: 1, newText: '' }] },
        });
        continue;
      }
      const found = e.length && !COMMENT_CODES.has(e.code) ? ` (found ${foundText(text.slice(e.offset, e.offset + e.length))})` : '';
      // A comment the end of the file reached before its `*/` holds the rest of the file: removing
      // it would remove the rest too, so it is named, and closing it is left to the author.
      const unclosed = e.code === 'InvalidCommentToken' && isUnclosedComment(text, e.offset, e.length);
      ctx.report({
        path: [],
        at: { offset: e.offset, length: e.length },
        message: `Syntax error: ${unclosed ? `${WHY.UnexpectedEndOfComment} ` : ''}${WHY[e.code] ?? e.code}${found}`,
        suggestions:
          e.code === 'InvalidCommentToken' && !unclosed
            ? [{ title: 'Remove the comment', edits: [{ offset: e.offset, length: e.length, newText: '' }] }]
            : undefined,
        // Past it the file is not read: reported whatever the settings and comments say (see Finding.fatal).
        ...(e.offset === until ? { fatal: true as const } : {}),
      });
      if (e.offset === until) break;
    }
    // Read the type from the value: asking for the parse tree would build it just for this.
    const value = ctx.doc.value;
    if (value !== undefined && !ctx.doc.syntaxErrors.length && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      const type = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
      ctx.report({
        path: [],
        message: `The configuration must be a JSON object, but the file holds ${type === 'array' ? 'an array' : type === 'null' ? 'null' : `a ${type}`}. Wrap the settings in { }.`,
      });
    }
  },
});
