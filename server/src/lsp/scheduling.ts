/** When diagnostics are computed: after the changes already received, and coalesced while typing. */

/** The versions of the open documents, as the server's document store knows them. */
export interface VersionSource {
  get(uri: string): { version: number } | undefined;
}

/**
 * Resolves once a whole turn of the event loop has passed without a new version of the
 * document. The connection hands over one received message per turn (the next one is queued
 * behind this check), so changes that have already arrived are applied first and a version
 * they supersede is never analysed.
 */
export function settled(documents: VersionSource, uri: string, nextTurn: (callback: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    let seen: number | undefined | null = null;
    const check = (): void => {
      const current = documents.get(uri)?.version;
      if (current === seen) resolve();
      else {
        seen = current;
        nextTurn(check);
      }
    };
    nextTurn(check);
  });
}

/**
 * Push mode: one pending run per document, so only the newest version is ever published.
 * Leading and trailing edge: an edit after a quiet spell is analysed at once; edits that follow
 * quickly are coalesced into one analysis once typing pauses.
 */
export class PushScheduler {
  private readonly pending = new Map<string, { cancel: () => void; immediate: boolean }>();
  private readonly lastActivity = new Map<string, number>();

  constructor(
    private readonly documents: VersionSource,
    private readonly run: (uri: string) => void,
    private readonly nextTurn: (callback: () => void) => void,
  ) {}

  schedule(uri: string, delay: number): void {
    const now = performance.now();
    const pending = this.pending.get(uri);
    // An immediate run is already due; it reads the newest version when it runs.
    if (pending?.immediate) {
      this.lastActivity.set(uri, now);
      return;
    }
    const last = this.lastActivity.get(uri);
    const immediate = !pending && (last === undefined || now - last >= delay);
    this.lastActivity.set(uri, now);
    pending?.cancel();
    if (immediate) this.runWhenSettled(uri);
    else {
      const handle = setTimeout(() => this.runWhenSettled(uri), delay);
      this.pending.set(uri, { cancel: () => clearTimeout(handle), immediate: false });
    }
  }

  /** When the last change or open that asked for diagnostics was handled (performance.now()). */
  since(uri: string): number | undefined {
    return this.lastActivity.get(uri);
  }

  forget(uri: string): void {
    this.pending.get(uri)?.cancel();
    this.pending.delete(uri);
    this.lastActivity.delete(uri);
  }

  dispose(): void {
    for (const p of this.pending.values()) p.cancel();
    this.pending.clear();
  }

  private runWhenSettled(uri: string): void {
    let cancelled = false;
    this.pending.set(uri, {
      cancel: () => {
        cancelled = true;
      },
      immediate: true,
    });
    void settled(this.documents, uri, this.nextTurn).then(() => {
      if (cancelled) return;
      this.pending.delete(uri);
      this.run(uri);
    });
  }
}
