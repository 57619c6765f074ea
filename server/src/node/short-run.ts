/**
 * V8's optimisers in a one-shot run (the CLI lints some files and exits).
 *
 * V8 compiles a function again with TurboFan, mostly on a second thread, once it has run a while (its
 * "interrupt budget" of bytecode executed, spent a few times over). A language server that runs for
 * hours gains from every such compile; a run of a few hundred milliseconds pays for compiling many
 * functions that are warm only briefly, and exits before the optimised code gives the time back. A
 * short run therefore asks for eight times the budget: only code that keeps running (a long file's
 * loops, a rule that reports thousands of findings) is optimised. Measured on Node 20, CPU time, against
 * V8's default budget: 1,000 small configurations 0.66x, 1,000 with about 7 findings each 0.62x, a 1 MB
 * configuration 0.77x; a 10 MB one and 100,000 unknown keys about the same. Turning TurboFan off instead
 * did as well on the small files but took 2.2 times as long on the 100,000 unknown keys.
 *
 * V8 accepts a code cache only from a process with the same flags (bin/run-bundle.js writes them at
 * exit): the flags change once the bundles are loaded, each with its cache, and are put back before the
 * caches are written. The budget is a number whose default only the V8 versions measured here are known
 * to have (BUDGETS); on another the run keeps V8's default.
 */

/**
 * Per V8 version, the flags that hold TurboFan back in a short run, and those that put V8's defaults back.
 * V8 11 (Node 20) counts bytecode run before optimising (66 KB), V8 12.4 (Node 22) counts calls (3,000):
 * eight times either. V8 13 (Node 24) optimises with Maglev before TurboFan: a short run goes without
 * TurboFan, since putting its count back would not give back the flags' hash the code caches are checked
 * against. Measured CPU time on 1,000 small configurations: 0.66x on Node 20, 0.74x on Node 22, 0.90x on
 * Node 24; on 1,000 with findings 0.62x, 0.81x and 0.81x.
 */
const BUDGETS: ReadonlyArray<{ v8: RegExp; short: string; standard: string }> = [
  { v8: /^11\./, short: `--interrupt-budget=${8 * 66 * 1024}`, standard: `--interrupt-budget=${66 * 1024}` },
  { v8: /^12\.4\./, short: `--invocation-count-for-turbofan=${8 * 3000}`, standard: '--invocation-count-for-turbofan=3000' },
  { v8: /^13\./, short: '--no-turbofan', standard: '--turbofan' },
];
/** Characters of one file from which the analysis runs long enough to keep V8's default budget. */
const LONG_FILE = 2 * 1024 * 1024;

/** Boolean flags this run turned off (on by default), to be turned on again at exit. */
const turnedOff = new Set<string>();
/** The budget this run raised, while it is raised. */
let raised: (typeof BUDGETS)[number] | undefined;
let started = false;
/** Whether the flags are put back at exit: once anything was changed. */
let restoring = false;
let v8: V8Functions | undefined;

/**
 * Raises V8's optimising budget for this one-shot run, and turns off the optimisers named in `alsoOff`
 * (boolean V8 flags, on by default). Call it once the bundles the run needs are loaded: one loaded later
 * would find its code cache written under other flags and compile from its source.
 */
export function startShortRun(alsoOff: readonly string[] = []): void {
  const off = alsoOff.filter((flag) => !turnedOff.has(flag));
  const budget = started || tieringChosen() ? undefined : BUDGETS.find((b) => b.v8.test(process.versions.v8));
  started = true;
  if (!off.length && !budget) return;
  v8 ??= v8Functions();
  if (!restoring) { restoring = true; process.prependListener('exit', restoreFlags(v8.tag())); }
  if (budget) { v8.setFlags(budget.short); raised = budget; }
  if (off.length) v8.setFlags(`--no-${off.join(' --no-')}`);
  for (const flag of off) turnedOff.add(flag);
}

/** Whether Node was started with V8 flags of its own about when to optimise (`node --max-opt=1`, NODE_OPTIONS): those are kept. */
function tieringChosen(): boolean {
  const given = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`;
  return /--(?:no-)?(?:turbofan|opt|max-opt|maglev|interrupt-budget|invocation-count-for-turbofan)\b/.test(given);
}

/**
 * The run is about to analyse a file of `characters`. One of several megabytes keeps the hot loops of the
 * analysis running long enough for optimised code to pay from the start: V8's default budget is back
 * for the rest of the run (100,000 unknown keys, 2.8 MB, took 1.04 times the CPU time under the raised one).
 */
export function noteFileRead(characters: number): void {
  if (!raised || characters < LONG_FILE) return;
  v8!.setFlags(raised.standard);
  raised = undefined;
}

/** Puts the flags back at exit; when they do not give the tag they started with, no code cache is written. */
const restoreFlags = (tag: number) => (): void => {
  if (raised) v8!.setFlags(raised.standard);
  if (turnedOff.size) v8!.setFlags(`--${[...turnedOff].join(' --')}`);
  raised = undefined;
  turnedOff.clear();
  if (v8!.tag() !== tag) codeCacheLoader()?.keepCaches();
};

/** bin/run-bundle.js, when it loaded this bundle (server/src/node/code-cache.ts). */
const codeCacheLoader = (): { keepCaches(): void } | undefined => (globalThis as Record<symbol, { keepCaches(): void } | undefined>)[Symbol.for('search-config.code-cache')];

interface V8Functions { setFlags(flags: string): void; tag(): number }

/**
 * V8's `setFlagsFromString` and `cachedDataVersionTag` (which covers the flags). node:v8 exports the
 * functions of Node's internal `v8` binding, but loading node:v8 loads Node's streams as well (for its
 * heap snapshots): about a millisecond and a half of a cold run, which loads nothing else of them. The
 * binding is reached through process.binding, whose deprecation warning (DEP0111) is kept quiet for this
 * one look-up; a Node without it, or without the functions there, gets node:v8 (required here, not imported).
 */
function v8Functions(): V8Functions {
  const node = process as unknown as { binding?: (name: string) => { setFlagsFromString?: unknown; cachedDataVersionTag?: unknown }; noDeprecation?: boolean };
  const binding = node.binding;
  if (typeof binding === 'function') {
    const quiet = node.noDeprecation;
    node.noDeprecation = true;
    try {
      const { setFlagsFromString: set, cachedDataVersionTag: tag } = binding('v8');
      if (typeof set === 'function' && typeof tag === 'function') return { setFlags: (flags) => { set(flags); }, tag: () => tag() as number };
    } catch { /* no such binding in this Node: node:v8 below */ } finally {
      node.noDeprecation = quiet;
    }
  }
  const v8 = require('node:v8') as typeof import('node:v8');
  return { setFlags: v8.setFlagsFromString, tag: v8.cachedDataVersionTag };
}
