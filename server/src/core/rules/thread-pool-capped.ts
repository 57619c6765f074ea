import { defineRule, intentFix, optional } from '../rule';
import { formatPath } from '../paths';
import type { SchemaNode } from '../schema';
import { knownFieldsWhere } from '../walk';

/**
 * Largest size the engine accepts for a thread pool, by pool name, for a node with `cpus`
 * allocated processors. Engine knowledge, not field knowledge: the fields name their pool
 * through their engine setting (`thread_pool.write.size`).
 *
 * Source: the engine's thread pool documentation ("The maximum size for this pool is
 * 1 + # of allocated processors", write pool) and ExecutorBuilder.applyHardSizeLimit in the
 * engine's source, which applies that limit to the write pools only and leaves the others
 * unbounded. The documented sizes of the other pools (search and get:
 * int(processors * 3 / 2) + 1, analyze: 1, ...) are defaults, not maxima, and the service
 * does not publish the maxima it applies to them, so they are deliberately not listed:
 * the rule reports only what it can state for certain.
 */
const POOL_MAXIMUM: Readonly<Record<string, { max: (cpus: number) => number; formula: string }>> = {
  write: { max: (cpus) => cpus + 1, formula: 'allocated processors + 1' },
};

const POOL_SETTING = /^thread_pool\.([a-z_]+)\.size$/;

/** The fields this rule looks at. */
const threadPool = (s: SchemaNode): boolean => !!s.threadPool;

export default defineRule({
  meta: {
    id: 'thread-pool-capped',
    defaultSeverity: 'info',
    summary: 'With a CPU count: a thread pool size above the maximum for that many CPUs, which the service lowers automatically.',
    details: [
      "A thread pool size above what the node's CPU count allows does not fail: the service silently lowers it to the maximum. The file then says something the service does not do.",
      '',
      "Give the CPU count of the plan's nodes (`--cpus N`, or `cpus` in `.search-lint.json`) to enable this rule. Maxima the engine documents:",
      '',
      '| pool | field | maximum |',
      '|---|---|---|',
      '| write | `search.thread_pool_write_size` | allocated processors + 1 |',
      '',
      'The other pools (search, search_throttled, get, analyze, force_merge) have no maximum documented by the engine; their documented sizes (for example `int(processors * 3 / 2) + 1` for search) are defaults, so the rule does not guess a cap for them.',
    ].join('\n'),
    fixable: false,
    needsCpus: true,
    examples: {
      valid: [
        { code: '{ "search": { "thread_pool_write_size": 5 } }', cpus: 4 },
        { code: '{ "search": { "thread_pool_write_size": 16 } }' },
      ],
      invalid: [{ code: '{ "search": { "thread_pool_write_size": 16 } }', cpus: 4 }],
    },
  },
  check(ctx) {
    const cpus = ctx.options.cpus;
    if (!cpus || !Number.isInteger(cpus) || cpus < 1) return;
    const fields = knownFieldsWhere(ctx.value, threadPool);
    for (let i = 0; i < fields.length; i++) {
      const v = fields[i];
      const { value, schema } = v;
      if (typeof value !== 'number' || !Number.isInteger(value)) continue;
      const { path } = v;
      const pool = POOL_SETTING.exec(schema.engineSetting ?? '')?.[1];
      const limit = pool ? POOL_MAXIMUM[pool] : undefined;
      if (!limit) continue;
      const max = limit.max(cpus);
      if (value <= max) continue;
      ctx.report({
        path,
        message: `${formatPath(path)} is ${value}, but with ${cpus} CPU${cpus === 1 ? '' : 's'} the ${pool} thread pool can have at most ${max} threads (${limit.formula}); the service lowers it to ${max}. Set ${max} or less, or choose a plan with more CPUs.`,
        suggestions: optional(intentFix(ctx.doc, `Set ${formatPath(path)} to ${max}`, { kind: 'set', path, value: max })),
      });
    }
  },
});
