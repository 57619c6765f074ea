import { redactedMessage } from './guard';
import { displayName, isHierarchical, sameUri } from './uris';
import type { Workspace } from './workspace';

/** The committed (or configured) version of a document, for change-aware rules. */
export interface Baseline {
  text: string;
  label: string;
  /** Where related information about the baseline points. */
  uri: string;
  /** Distinguishes successive reads, for caching analyses. */
  id: number;
}
let nextId = 1;

const sameBaseline = (a: Baseline | undefined, b: Baseline | undefined): boolean =>
  a === b || (!!a && !!b && a.text === b.text && a.uri === b.uri);

/** A `git:` URI for a file at a revision, in the form VS Code's git support opens. */
export function gitUri(fileUri: string, ref: string): string {
  const file = displayName(fileUri);
  const p = file.replace(/\\/g, '/');
  const withSlash = p.startsWith('/') ? p : `/${p}`;
  return `git:${encodeURI(withSlash)}?${encodeURIComponent(JSON.stringify({ path: file, ref }))}`;
}

/** After this long, the next use reads the baseline again (a commit made outside the editor shows up). */
export const BASELINE_MAX_AGE_MS = 30_000;

interface Entry {
  spec: string;
  promise: Promise<Baseline | undefined>;
  readAt: number;
  refreshing?: boolean;
}

/**
 * Baselines per document, read asynchronously and cached until the document is saved or
 * reopened, the setting changes, or the cached copy is older than BASELINE_MAX_AGE_MS.
 * Failures (no repository, file not committed) mean no baseline.
 *
 * An old copy is read again in the background while the old one keeps serving, so that an edit
 * never waits for git; `onRefreshed` is told when the new read differs.
 */
export class Baselines {
  private readonly cache = new Map<string, Entry>();
  /** Invalidated entries, kept until the next read so that an unchanged baseline keeps its identity. */
  private readonly retired = new Map<string, Entry>();
  constructor(
    private readonly workspace: Workspace,
    private readonly log: (message: string) => void,
    private readonly onRefreshed: (uri: string) => void = () => undefined,
    private readonly maxAgeMs = BASELINE_MAX_AGE_MS,
    private readonly tellOnce: (message: string) => void = log,
  ) {}

  get(uri: string, spec: string): Promise<Baseline | undefined> {
    const cached = this.cache.get(uri);
    const now = Date.now();
    if (cached && cached.spec === spec) {
      if (now - cached.readAt >= this.maxAgeMs && !cached.refreshing) this.refresh(uri, cached);
      return cached.promise;
    }
    const retired = this.retired.get(uri);
    this.retired.delete(uri);
    const fresh = this.readLogged(uri, spec);
    // Saving a file invalidates its baseline, which is usually still the same: then the analyses
    // made against it stay valid, and the document is not analysed again.
    const promise =
      retired?.spec === spec ? Promise.all([retired.promise, fresh]).then(([old, read]) => (sameBaseline(old, read) ? old : read)) : fresh;
    this.cache.set(uri, { spec, promise, readAt: now });
    return promise;
  }

  private refresh(uri: string, entry: Entry): void {
    entry.refreshing = true;
    const readAt = Date.now();
    void Promise.all([entry.promise, this.readLogged(uri, entry.spec)]).then(([old, fresh]) => {
      // Invalidated or replaced meanwhile: whoever did that has read or will read it again.
      if (this.cache.get(uri) !== entry) return;
      // An unchanged baseline keeps its identity, so that analyses cached against it stay valid.
      const same = sameBaseline(old, fresh);
      this.cache.set(uri, { spec: entry.spec, promise: Promise.resolve(same ? old : fresh), readAt });
      if (!same) this.onRefreshed(uri);
    });
  }

  private readLogged(uri: string, spec: string): Promise<Baseline | undefined> {
    return this.read(uri, spec).catch((err: unknown) => {
      this.log(`The baseline of ${uri} could not be read: ${redactedMessage(err)}`);
      return undefined;
    });
  }

  /** The next use reads the baseline again (the file was saved or reopened, or settings files changed). */
  invalidate(uri?: string): void {
    for (const [u, entry] of this.cache) {
      if (uri !== undefined && u !== uri) continue;
      this.retired.set(u, entry);
      this.cache.delete(u);
    }
  }

  /** The document closed: nothing of its baseline is kept. */
  forget(uri: string): void {
    this.cache.delete(uri);
    this.retired.delete(uri);
  }

  private async read(uri: string, spec: string): Promise<Baseline | undefined> {
    if (spec === 'none' || spec === '') return undefined;
    if (spec.startsWith('git:')) {
      const ref = spec.slice(4) || 'HEAD';
      const readRevision = this.workspace.runtime.readGitRevision;
      if (!readRevision) {
        this.onGitUnavailable();
        return undefined;
      }
      if (!uri.startsWith('file:')) return undefined;
      const r = await readRevision(uri, ref);
      if (!r.ok) {
        this.log(r.message);
        return undefined;
      }
      return r.text === undefined ? undefined : { text: r.text, label: r.label, uri: gitUri(uri, ref), id: nextId++ };
    }
    const baselineUri = this.workspace.resolvePath(spec, uri);
    if (!baselineUri || !isHierarchical(baselineUri) || sameUri(baselineUri, uri)) return undefined;
    const r = await this.workspace.runtime.readFile(baselineUri);
    if (!r.ok) {
      this.log(`cannot read the baseline ${displayName(baselineUri)}: ${r.message}`);
      return undefined;
    }
    return { text: r.text, label: spec, uri: baselineUri, id: nextId++ };
  }

  private gitUnavailableTold = false;
  /** Said once per session, not once per file: the setting is the same for every file. */
  private onGitUnavailable(): void {
    if (this.gitUnavailableTold) return;
    this.gitUnavailableTold = true;
    this.tellOnce(
      'The git baseline is not available here: git cannot run in a browser. Change-aware rules (restarts, create-only fields) ' +
        'need a baseline; set searchConfig.baseline to the path of a file with the deployed configuration.',
    );
  }
}
