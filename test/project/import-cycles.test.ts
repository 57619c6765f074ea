/**
 * No module of server/src imports itself through others, type-only imports included: a circle makes the
 * order in which modules run decide what a module sees of another, and a reader cannot start anywhere.
 * The graph is read with the TypeScript compiler's scanner (no syntax tree, no type checking).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';
import { REPO } from '../support/repo';

const root = REPO;
const src = path.join(root, 'server', 'src');
// Loaded at run time from the project's own devDependencies, not bundled into the test.
const ts = createRequire(path.join(root, 'package.json'))('typescript') as typeof TypeScript;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(p, out);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/**
 * Every module specifier a file names: imports and re-exports (type-only too), `import('x')` types and calls,
 * require('x'). The compiler's pre-processing scanner finds them without building a syntax tree.
 */
export function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/** The source file a relative specifier names, or undefined for a package, a built-in or a non-TypeScript file. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(from), specifier);
  return [`${target}.ts`, path.join(target, 'index.ts')].find((f) => fs.existsSync(f));
}

/** The import graph of `files`: each file to the files it imports. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = specifiersOf(fs.readFileSync(file, 'utf8'))
      .map((s) => resolve(file, s))
      .filter((t): t is string => t !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** One circle of each strongly connected group of modules (Tarjan's algorithm, without recursion), as file lists. */
export function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<[string, number]> = [[start, 0]];
    index.set(start, next);
    low.set(start, next);
    next++;
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1];
      const [node, i] = top;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        top[1]++;
        const to = edges[i];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next);
          next++;
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === index.get(node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        const selfLoop = (graph.get(node) ?? []).includes(node);
        if (group.length > 1 || selfLoop) found.push(circleWithin(graph, new Set(group), node));
      }
    }
  }
  return found;
}

/** A path from `start` back to itself through the group's modules only (breadth first: the shortest such circle). */
function circleWithin(graph: Map<string, string[]>, group: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at];
    for (const to of graph.get(node) ?? []) {
      if (!group.has(to)) continue;
      if (to === start) {
        const circle = [node];
        while (circle[0] !== start) circle.unshift(cameFrom.get(circle[0])!);
        return [...circle, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

test('the circle finder names a circle of type-only imports, and none where there is none', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts', 'd.ts']],
    ['d.ts', []],
    ['e.ts', ['e.ts']],
  ]);
  assert.deepEqual(circles(graph), [
    ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
    ['e.ts', 'e.ts'],
  ]);
  assert.deepEqual(
    circles(
      new Map([
        ['a.ts', ['b.ts']],
        ['b.ts', []],
      ]),
    ),
    [],
  );
  assert.deepEqual(
    specifiersOf(
      "import type { A } from './a';\nexport type { B } from './b';\ntype C = typeof import('./c');\nconst d = require('./d');\n",
    ),
    ['./a', './b', './c', './d'],
  );
});

test('no module of server/src imports itself through others, type-only imports included', () => {
  const files = sourceFiles(src);
  assert.ok(files.length > 100, `the sources are found (${files.length})`);
  const found = circles(importGraph(files)).map((c) => c.map((f) => path.relative(src, f).replace(/\\/g, '/')).join(' -> '));
  assert.deepEqual(found, [], `import circles:\n${found.join('\n')}`);
});
