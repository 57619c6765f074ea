import { formatPath } from '../paths';
import { defineRule, intentFix, type RuleContext } from '../rule';
import { fieldByName } from '../schema';
import { suggestKey, type KeySuggestion } from '../suggest';
import type { Fix, Segment } from '../types';
import { hasOwn, isObject, shortened } from '../values';
import { valueAt } from '../walk';

/** An unknown key as it may appear in a message: quoted, and cut short when very long. */
const showKey = (key: string): string => JSON.stringify(shortened(key));

const where = (parent: Segment[]): string => (parent.length ? `in ${formatPath(parent)}` : 'at the top level');

/** How the document's format writes an API key: in Terraform, the provider's name (no dots). */
const nameIn = (ctx: RuleContext, key: string): string => ctx.doc.keyName?.(key) ?? key;

function reasonText(ctx: RuleContext, key: string, s: KeySuggestion): string {
  const target = s.moves ? `${s.field}` : JSON.stringify(nameIn(ctx, s.key));
  switch (s.reason) {
    case 'spelling':
      return `the field is spelled ${target}`;
    case 'engine-setting':
      return s.moves
        ? `${showKey(key)} is the engine's name for the setting; in this configuration it is ${s.field}: move it there`
        : `${showKey(key)} is the engine's name for the setting; in this configuration it is written ${target}`;
    case 'product-name':
      return `the configuration does not use the vendor's product names: write ${target}${s.moves ? ' (in its own object)' : ''}`;
    case 'wrong-level':
      return `${showKey(key)} belongs ${s.parent ? `in ${s.parent}` : 'at the top level'} (${s.field}): move it there`;
    case 'typo':
      return s.moves ? `did you mean ${s.field} (in another object)?` : `did you mean ${target}?`;
  }
}

/**
 * What to write for a block given a value that is an expression (`openid = var.oidc`): taking the "="
 * away leaves no block, and Terraform makes one from a value only with a `dynamic` block, each of whose
 * members is read from the iterator. The reference is named where it can be shown (it names the
 * variable itself, so no note of where the variable is set is added); any other expression is VALUE.
 */
function fromExpression(name: string, repeats: boolean, reference: string | undefined): string {
  const value = reference ?? 'VALUE';
  const from = reference
    ? `make ${repeats ? 'them' : 'it'} from ${reference}:`
    : `make ${repeats ? 'them' : 'it'} from the value given, as VALUE in`;
  return `and Terraform makes ${repeats ? 'blocks' : 'a block'} from a value only with a dynamic block. Write ${repeats ? 'one block per item' : 'the block'}, ${name} { ... }, or ${from} dynamic "${name}" { for_each = ${repeats ? value : `[${value}]`} content { ... } }, each member set as NAME = ${name}.value.NAME.`;
}

/**
 * Whether `key` is written in the object at `objectPath`: 'set' when it is a member of the value, 'unset' when
 * it is written with a value the format reads as not set (Terraform's null, and empty text), which the value
 * leaves out. Either way a rename or a move to it would write the key twice, which Terraform refuses.
 */
function writtenIn(ctx: RuleContext, objectPath: Segment[], key: string): 'set' | 'unset' | undefined {
  const parentValue = valueAt(ctx.value, objectPath);
  if (!isObject(parentValue)) return undefined;
  if (hasOwn(parentValue, key)) return 'set';
  if (!ctx.doc.convertsScalars) return undefined;
  // A key that is not written is located where its object is.
  const at = ctx.doc.locate([...objectPath, key], 'key');
  const object = ctx.doc.locate(objectPath, 'key');
  if (at.offset === object.offset && at.length === object.length) return undefined;
  // Written, but not in the value: null or empty text, or a value in an earlier block of the same type
  // (`search { a = 8 }` and `search { b = 1 }`, which Terraform refuses), which is set there.
  const value = ctx.doc.locate([...objectPath, key], 'value');
  const written = ctx.doc.text.slice(value.offset, value.offset + value.length).trim();
  return written === 'null' || written === '""' ? 'unset' : 'set';
}

/** Whether the field a key stands for in another object is already written there (see writtenIn). */
function writtenWhereItBelongs(ctx: RuleContext, s: KeySuggestion): 'set' | 'unset' | undefined {
  const target = fieldByName(s.field);
  if (!target || target.path.includes('[]')) return undefined;
  return writtenIn(ctx, target.path.slice(0, -1), s.key);
}

/** How a key already written is described: as set, or as written with a value that reads as not set. */
const alreadyWritten = (how: 'set' | 'unset'): string =>
  how === 'set' ? 'already set' : 'already written (with a value Terraform reads as not set)';

function renameFix(ctx: RuleContext, path: Segment[], key: string, to: string): Fix | undefined {
  const edits = ctx.doc.editsFor([{ kind: 'rename', path, to }]);
  return edits && { title: `Rename ${showKey(key)} to ${JSON.stringify(nameIn(ctx, to))}`, edits };
}

/**
 * Moves an unknown member to where the field it stands for lives, creating the enclosing
 * object when only that is missing. Offered as a suggestion: the user confirms a move.
 */
function moveSuggestion(ctx: RuleContext, path: Segment[], key: string, s: KeySuggestion): Fix | undefined {
  const target = fieldByName(s.field);
  if (!target || target.path.includes('[]') || target.schema.secret) return undefined;
  const parentPath = target.path.slice(0, -1);
  const parentValue = valueAt(ctx.value, parentPath);
  const exists = parentValue !== undefined;
  if (writtenIn(ctx, parentPath, s.key)) return undefined;
  const edits = ctx.doc.editsFor([{ kind: 'move', path, to: [...parentPath, s.key] }]);
  if (!edits) return undefined;
  const where = exists
    ? parentPath.length
      ? `into ${parentPath.join('.')}`
      : 'to the top level'
    : `into a new ${parentPath.join('.')} object`;
  const name = nameIn(ctx, s.key);
  return { title: `Move ${showKey(key)} ${where}${name !== key ? ` as ${JSON.stringify(name)}` : ''}`, edits };
}

export default defineRule({
  meta: {
    id: 'unknown-field',
    defaultSeverity: 'error',
    summary: 'Every key must be a field that the configuration defines at that level.',
    details: [
      'The API rejects a configuration with a key it does not know. The message names the most likely intended field:',
      '',
      '- a misspelt key: the closest field at the same level (`http_max_content_lenght` -> `http_max_content_length`), or a field of another object when it is the only close match;',
      '- an engine setting written with its engine name (`indices.query.bool.max_clause_count` -> `search.indices_query_bool_max_clause_count`);',
      "- the vendor's product names (`opensearch` -> `search`, `opensearch_dashboards` -> `search_dashboards`, `opensearch_version` -> `search_version`, `prometheus` -> `metrics`);",
      '- a field written in the wrong object (`index_template` inside `search`, `http_max_content_length` at the top level);',
      "- in JSON and YAML, the Terraform provider's name of a dotted key (`cluster_search_request_slowlog` -> `cluster.search.request.slowlog`); in Terraform's JSON syntax (`.tf.json`), the other way round (`cluster.search.request.slowlog` -> `cluster_search_request_slowlog`). In a `.tf` file, a `.tf.json` file and a plan the provider's name is the field itself, and suggestions and fixes there write the provider's names, since an HCL name cannot hold a dot and the provider has no argument with one.",
      '',
      'In a `.tf` file, an object written as an argument where the provider takes a block (`search = { ... }` for `search { ... }`, `index_patterns = [{ ... }]` for `index_patterns` blocks, the resource\'s `search_user_config = { ... }`) is refused by Terraform ("Unsupported argument"), though the field is known. It is reported at its name, with a fix that writes it as the block (one block per item for a block that repeats, and the objects inside it as blocks too); what it holds is checked as the block\'s members would be. A value that is an expression (`openid = var.oidc`) is not made a block by taking the `=` away: the finding says to write the block or to make it from that value with a `dynamic` block, and offers no fix. Lists of text (`ip_filter_string`, `reindex_remote_whitelist`) are arguments, and are not reported.',
      '',
      'When exactly one field is meant and renaming the key in place is enough (and the intended key is not already set in the same object), the fix renames the key and leaves its value alone; when two unknown keys of one object are each read as the same field, renaming either is a guess, so each rename is a suggestion instead. A field that belongs in another object gets a suggestion that moves it there (creating the object when needed), unless its value holds text, which could be a secret; a move is never applied automatically. When several fields are equally likely, each is offered as a suggestion: so is a key cut short that begins one field and is a few letters from another (`email_sender_pass`: `email_sender_password` or `email_sender_name`). The value of an unknown key is never shown, since it may hold a secret.',
    ].join('\n'),
    fixable: true,
    // Its findings are about a key, which no variable gives: where the value is set is no help, and a
    // block given a value (`openid = var.oidc`) is named with that value in the message.
    namesVariables: true,
    examples: {
      valid: [{ code: '{ "search": { "http_max_content_length": 104857600 } }' }],
      invalid: [
        { code: '{ "search": { "http_max_content_lenght": 104857600 } }' },
        { code: '{ "opensearch_version": "2.19" }' },
        {
          code: '{ "search": { "indices.query.bool.max_clause_count": 2048 } }',
          only: { formats: ['json', 'yaml'], why: 'an HCL name cannot hold a dot, so this key cannot be written in Terraform.' },
        },
        { code: '{ "http_max_content_length": 104857600 }' },
        {
          code: 'resource "vendor_search" "example" {\n  search_user_config {\n    search = {\n      http_max_content_length = 104857600\n    }\n  }\n}\n',
          fileName: 'main.tf',
        },
      ],
    },
  },
  check(ctx) {
    const unknown: Array<{ e: (typeof ctx.schemaErrors)[number]; key: string }> = [];
    for (const e of ctx.schemaErrors) {
      const key = e.params.additionalProperty;
      if (e.keyword === 'additionalProperties' && typeof key === 'string') unknown.push({ e, key });
    }
    // Renames that compete: two unknown keys of one object each read as the same field (`conect_url` and
    // `connect_ur`). Renaming either is a guess, and the other would then be a second copy: --fix renames
    // neither, and each rename is offered as a suggestion.
    const renamedTo = new Map<string, number>();
    const suggested = unknown.map(({ e, key }) => {
      const s = suggestKey(e.path, key);
      if (s.clear && s.list.length && !s.list[0].moves) {
        const target = formatPath([...e.path, s.list[0].key]);
        renamedTo.set(target, (renamedTo.get(target) ?? 0) + 1);
      }
      return s;
    });
    for (let u = 0; u < unknown.length; u++) {
      const { e, key } = unknown[u];
      const path = [...e.path, key];
      const parentValue = valueAt(ctx.value, e.path);
      // Where the key is written, asked for only when a fix needs it: the document locates a
      // key through an index of its object, without building a parse tree when it has none.
      const present = isObject(parentValue) && hasOwn(parentValue, key);
      const at = present ? ctx.doc.locate(path, 'key') : undefined;
      const { list, clear } = suggested[u];
      const head = `Unknown field ${showKey(key)} ${where(e.path)}`;
      if (!list.length) {
        ctx.report({
          path,
          target: 'key',
          at,
          message: `${head}: the API rejects fields it does not know. Check the spelling against the documentation, or remove it.`,
        });
        continue;
      }
      const best = list[0];
      const taken = clear && !best.moves ? writtenIn(ctx, e.path, best.key) : undefined;
      const there = clear && best.moves ? writtenWhereItBelongs(ctx, best) : undefined;
      if (there) {
        // Nothing to move: the field is already written where it belongs, and this copy is one the API rejects.
        const reason =
          best.reason === 'wrong-level'
            ? `${showKey(key)} belongs ${best.parent ? `in ${best.parent}` : 'at the top level'} (${best.field}), where it is ${alreadyWritten(there)}`
            : `it stands for ${best.field}, which is ${alreadyWritten(there)}`;
        const edits = at ? ctx.doc.editsFor([{ kind: 'remove', path }]) : undefined;
        ctx.report({
          path,
          target: 'key',
          at,
          message: `${head}: ${reason}. Remove it from here, and keep the value there that you mean.`,
          suggestions: edits && [{ title: `Remove ${showKey(key)} from ${e.path.length ? formatPath(e.path) : 'the top level'}`, edits }],
        });
        continue;
      }
      if (clear && taken) {
        ctx.report({
          path,
          target: 'key',
          at,
          // A guess reads as a question elsewhere; before a "but" it is a statement.
          message: `${head}: ${best.reason === 'typo' ? `it looks like a misspelling of ${JSON.stringify(nameIn(ctx, best.key))}` : reasonText(ctx, key, best)}, but ${JSON.stringify(nameIn(ctx, best.key))} is ${alreadyWritten(taken)} in this object; keep one of them and remove the other.`,
        });
        continue;
      }
      if (clear) {
        const rename = !best.moves && at ? renameFix(ctx, path, key, best.key) : undefined;
        const competing = !best.moves && renamedTo.get(formatPath([...e.path, best.key]))! > 1;
        const move = best.moves && present ? moveSuggestion(ctx, path, key, best) : undefined;
        const reason = reasonText(ctx, key, best);
        ctx.report({
          path,
          target: 'key',
          at,
          message: `${head}: ${reason}${reason.endsWith('?') ? '' : '.'}`,
          fix: competing ? undefined : rename,
          suggestions: move ? [move] : competing && rename ? [rename] : undefined,
        });
        continue;
      }
      const names = list.map((s) => (s.moves ? s.field : JSON.stringify(nameIn(ctx, s.key))));
      const options = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
      const suggestions = at
        ? list
            .filter((s) => !s.moves && !writtenIn(ctx, e.path, s.key))
            .map((s) => renameFix(ctx, path, key, s.key))
            .filter((f): f is Fix => !!f)
        : [];
      ctx.report({ path, target: 'key', at, message: `${head}: did you mean ${options}?`, suggestions });
    }
    // A key the format refuses though the API has it (a dotted key in Terraform's JSON syntax): it is
    // not in the value, so the schema has not seen it. What to write is the format's name of the key.
    const refused = ctx.doc.refusedKeys ?? [];
    for (const { path, key: at } of refused) {
      const key = String(path[path.length - 1]);
      const parent = path.slice(0, -1);
      const parentValue = valueAt(ctx.value, parent);
      const head = `Unknown field ${showKey(key)} ${where(parent)}`;
      const name = JSON.stringify(nameIn(ctx, key));
      const why = "The Terraform provider writes the API's dotted keys with underscores: it has no argument with a dot in its name.";
      // The rename acts on the place the document keeps for the path: this key's, unless the same key is
      // written twice or the provider's spelling is written too (with a value Terraform reads as not set).
      const here = ctx.doc.locate(path, 'key');
      const spelled = !refused.some((r) => r.key.offset === here.offset && r.key.length === here.length);
      const taken = isObject(parentValue) && hasOwn(parentValue, key) ? 'set' : spelled && writtenIn(ctx, parent, key);
      if (taken) {
        ctx.report({
          path,
          target: 'key',
          at,
          message: `${head}: did you mean ${name}? It is ${alreadyWritten(taken)} in this object: keep one value, under ${name}. ${why}`,
        });
        continue;
      }
      const fix = here.offset === at.offset && here.length === at.length ? renameFix(ctx, [...path], key, key) : undefined;
      ctx.report({ path, target: 'key', at, message: `${head}: did you mean ${name}? ${why}`, fix });
    }
    // An object written as an argument where the format takes only a block (Terraform's `search = { ... }`,
    // where the provider has `search { ... }`): the field is known, and what it holds is judged as the
    // block's, but Terraform refuses the argument before anything is sent.
    for (const { path, key: at, written, repeats, expression } of ctx.doc.blockArguments ?? []) {
      // The document writes no block from a value that is an expression: its members are not written out.
      const fix = intentFix(
        ctx.doc,
        repeats ? `Write ${written} as one block per item` : `Write ${written} as a block (${written} { ... })`,
        { kind: 'as-block', path },
      );
      const refused = `Terraform refuses an argument named ${JSON.stringify(written)} here ("Unsupported argument"): the provider takes ${written} as a block${repeats ? ' that repeats' : ''}`;
      ctx.report({
        path,
        target: 'key',
        at,
        message: expression
          ? `${refused}, ${fromExpression(written, repeats, expression.reference)}`
          : `${refused}${repeats ? `. Write one block per item, ${written} { ... }, without "=" and the brackets` : `. Write it as one, ${written} { ... }, without "="`}.`,
        fix,
      });
    }
  },
});
