/** A closed document at least this long leaves enough garbage to be worth collecting at once. */
export const LARGE_DOCUMENT_CHARS = 1024 * 1024;

/** Coalesces the closing of several documents (an editor closing all its tabs) into one collection. */
const COLLECT_DELAY_MS = 100;

/**
 * Collects garbage shortly after large documents are closed. V8 collects its old generation only
 * under allocation pressure, so after a large document is closed an idle server would keep the
 * memory its parse and analysis took (a hundred megabytes for 10 MB of text) for as long as it
 * runs; a collection gives it back to the system. Where the platform offers no collection (a
 * browser worker), nothing happens.
 */
export class MemoryReleaser {
  private timer: { cancel(): void } | undefined;
  /** Collections done so far (for tests). */
  collections = 0;

  constructor(
    private readonly collect: (() => void) | undefined,
    private readonly later: (callback: () => void, ms: number) => { cancel(): void },
    private readonly delayMs = COLLECT_DELAY_MS,
  ) {}

  documentClosed(length: number): void {
    if (!this.collect || length < LARGE_DOCUMENT_CHARS || this.timer) return;
    this.timer = this.later(() => {
      this.timer = undefined;
      this.collect?.();
      this.collections++;
    }, this.delayMs);
  }

  dispose(): void {
    this.timer?.cancel();
    this.timer = undefined;
  }
}
