/**
 * The request-file readers work in slices: they pause (a generator's `yield`) after every SLICE
 * characters read, so that a host with other work (the language server answering a hover on another
 * document, or `shutdown`) can do it in between. Run to the end at once, they are plain functions.
 */
export const SLICE = 65_536;

export type Steps<T> = Generator<void, T, void>;

/** Runs the steps without pausing. */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Says when a reader at a position has read another slice since it last paused. */
export class Pacer {
  private next: number;
  constructor(from = 0) {
    this.next = from + SLICE;
  }
  due(position: number): boolean {
    if (position < this.next) return false;
    this.next = position + SLICE;
    return true;
  }
}
