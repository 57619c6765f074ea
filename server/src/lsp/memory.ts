/** A closed document at least this long leaves enough garbage to be worth collecting at once. */
export const LARGE_DOCUMENT_CHARS = 1024 * 1024;

/** Coalesces the closing of several documents (an editor closing all its tabs) into one collection. */
const COLLECT_DELAY_MS = 100;

let collector: (() => void) | null | undefined;

/**
 * V8's full garbage collection, when this Node allows it; null otherwise. V8 collects its old
 * generation only under allocation pressure, so after a large document is closed an idle server
 * would keep the memory its parse and analysis took (a hundred megabytes for 10 MB of text) for
 * as long as it runs; a collection gives it back to the system.
 */
function fullCollection(): (() => void) | null {
  if (collector !== undefined) return collector;
  try {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (typeof exposed === 'function') collector = exposed;
    else {
      // Loaded here: most sessions never need them, and node:v8 takes milliseconds to load.
      const v8 = require('node:v8') as typeof import('node:v8');
      const vm = require('node:vm') as typeof import('node:vm');
      // The flag only decides whether new contexts get a `gc` global: take it from one, then unset it.
      v8.setFlagsFromString('--expose-gc');
      try { collector = vm.runInNewContext('gc') as () => void; } finally { v8.setFlagsFromString('--no-expose-gc'); }
    }
  } catch {
    collector = null;
  }
  return collector;
}

/** Collects garbage shortly after large documents are closed. */
export class MemoryReleaser {
  private timer: NodeJS.Timeout | undefined;
  /** Collections done so far (for tests). */
  collections = 0;

  constructor(private readonly delayMs = COLLECT_DELAY_MS) {}

  documentClosed(length: number): void {
    if (length < LARGE_DOCUMENT_CHARS || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const collect = fullCollection();
      if (collect) { collect(); this.collections++; }
    }, this.delayMs);
    this.timer.unref();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
