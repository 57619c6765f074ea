/**
 * Results of reading parts of a file (a Terraform block, a YAML document), by what the result
 * depends on (the part's text, where it is): a part whose text did not change since the previous
 * version is not read again. What was not used by the latest read is dropped, so the memo holds
 * at most two versions' parts.
 */
export class ReadMemo {
  private previous = new Map<string, unknown>();
  private current = new Map<string, unknown>();
  private context: string | undefined;
  /** Parts served from the memo and parts read again, for tests of work done. */
  hits = 0;
  misses = 0;

  get<T>(key: string): T | undefined {
    let hit = this.current.get(key);
    if (hit === undefined) {
      hit = this.previous.get(key);
      if (hit !== undefined) this.current.set(key, hit);
    }
    if (hit === undefined) this.misses++;
    else this.hits++;
    return hit as T | undefined;
  }

  set(key: string, value: unknown): void {
    this.current.set(key, value);
  }

  /** Starts a read; `context` identifies what else than their text the parts are read with. */
  begin(context: string): void {
    if (context !== this.context) this.clear();
    this.context = context;
  }

  /** Ends a read: what it did not use goes at the next. */
  end(): void {
    this.previous = this.current;
    this.current = new Map();
  }

  clear(): void {
    this.previous.clear();
    this.current.clear();
  }
}
