/**
 * Whether work grows linearly with its input. The same amount of input is worked through three
 * ways: sixteen x1 inputs, four x4 inputs, one x16 input (the least CPU time of a few runs each).
 * Linear work takes about as long each way; work that grows with the square of its input takes 16x
 * as long for x16. The bound is 8x, and a blow-up must show on a second measurement too before it
 * is called one. Why not 2x: past a few hundred kilobytes of input, what an analysis holds outlives
 * the collector's young generation and is copied and promoted, which costs up to about 6x per byte
 * once (measured: a flow list of 30,000 items); per byte it then stays flat.
 *
 * Each way allocates the same amount, so the garbage collector's share is alike in all three: timed
 * once each, a 2 ms x1 run often escapes a collection that the x16 run cannot, and the ratio of the
 * two says more about the collector than about the code. When even the sixteen x1 runs are too quick
 * to time, the input is grown. Only x1 and x16 are compared; the four x4 runs are timed only to show, in
 * a failure's message, how the time grew. Speed itself is the benchmark's; these are orders of magnitude.
 */
import assert from 'node:assert/strict';
import { cpuTimed } from './cpu-time';

/** The least CPU time of `runs` runs of `fn` (the least is the least disturbed by the machine). */
export function leastCpu(fn: () => unknown, runs = 3): number {
  let least = Infinity;
  for (let i = 0; i < runs; i++) least = Math.min(least, cpuTimed(fn).ms);
  return least;
}

const LEAST_MS = 10;
const MOST_SCALE = 16;
const times = (n: number, work: () => unknown) => (): void => {
  for (let i = 0; i < n; i++) work();
};

/**
 * Asserts linear growth. `at(k, scale)` prepares the work for an input k times the base (k is 1, 4 or
 * 16) and `scale` times more of it, and returns the work itself, so that building the input is not
 * timed. `scale` is 1, or a power of two when the work is too quick to time; most inputs just grow by
 * k * scale, but one whose unit has a limit of its own (a line's length) can repeat the unit instead.
 */
export function assertLinear(name: string, at: (k: number, scale: number) => () => unknown): void {
  let scale = 1;
  let x1 = times(16, at(1, scale));
  x1(); // warm up
  // The measurement that says whether x1 is long enough to time is also the one the x16 run is compared with.
  let t1 = leastCpu(x1);
  while (t1 < LEAST_MS && scale < MOST_SCALE) {
    scale *= 2;
    x1 = times(16, at(1, scale));
    x1();
    t1 = leastCpu(x1);
  }
  const x16 = at(16, scale);
  const t16 = leastCpu(x16);
  if (t16 <= 8 * t1) return;
  // A blow-up or a disturbed measurement: all three ways again, x4 too, so that the message shows how it grew.
  const [again1, again4, again16] = [x1, times(4, at(4, scale)), x16].map((w) => leastCpu(w));
  assert.ok(
    again16 <= 8 * again1,
    `${name}: scale ${scale}: 16 of x1 ${t1.toFixed(1)} ms, 1 of x16 ${t16.toFixed(1)} ms; again: ` +
      `16 of x1 ${again1.toFixed(1)} ms, 4 of x4 ${again4.toFixed(1)} ms, 1 of x16 ${again16.toFixed(1)} ms`,
  );
}
