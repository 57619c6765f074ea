import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  analyze,
  analyzeInSteps,
  parseFor,
  type AnalysisResult,
  type ParsedDocument,
  DocumentState,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_FILE_SIZE,
  type AnalyzeOptions,
  requestFileKind,
} from '../core';
import { fileNameOf } from './workspace';

interface ParseEntry {
  version: number;
  fileName: string;
  parsed: ParsedDocument;
}
interface AnalysisEntry {
  version: number;
  key: string;
  result: AnalysisResult;
}

/**
 * One parse and one analysis per document version (and per set of options): completion,
 * hover, diagnostics and code actions all read the same results.
 */
export class DocumentCache {
  private readonly parses = new Map<string, ParseEntry>();
  private readonly analyses = new Map<string, AnalysisEntry>();
  /** Analyses made so far (not served from the cache). */
  analysesMade = 0;
  /** Pauses made by analyses in slices so far, and analyses given up because their version was superseded. */
  slicesPaused = 0;
  analysesAbandoned = 0;
  private readonly running = new Map<string, { version: number; key: string; result: Promise<AnalysisResult | undefined> }>();
  /** What each open document's analyses keep from version to version (e.g. a Terraform file's syntax tree). */
  private readonly states = new Map<string, DocumentState>();

  parsed(doc: TextDocument): ParsedDocument {
    const fileName = fileNameOf(doc);
    const hit = this.parses.get(doc.uri);
    if (hit && hit.version === doc.version && hit.fileName === fileName) return hit.parsed;
    // Past the size limit the analysis reports input-limit and nothing else; completion, hover and
    // the other features see an empty document rather than spend seconds on every keystroke.
    const text = doc.getText();
    // A request file is not JSON: its analysis reads it with its own readers, so parsing it would be work for nothing.
    const parsed = parseFor(text.length > DEFAULT_MAX_FILE_SIZE || requestFileKind(fileName) ? '' : text, { fileName });
    this.parses.set(doc.uri, { version: doc.version, fileName, parsed });
    return parsed;
  }

  analysis(doc: TextDocument, options: AnalyzeOptions, baselineKey: string): AnalysisResult {
    const key = this.keyOf(options, baselineKey);
    const hit = this.analyses.get(doc.uri);
    if (hit && hit.version === doc.version && hit.key === key) return hit.result;
    // Never two analyses of one document at a time: the old one goes before the new one is made.
    this.analyses.delete(doc.uri);
    const result = analyze(doc.getText(), options, this.sharedParse(doc, options), this.stateOf(doc.uri));
    this.analysesMade++;
    this.analyses.set(doc.uri, { version: doc.version, key, result });
    return result;
  }

  /**
   * The analysis made in slices (a large request file is read in many): between two slices `pause`
   * lets the server answer other messages, and once `wanted` says no (a newer version arrived, the
   * server shuts down) the work stops and the answer is undefined. One run per document version is
   * shared by everyone who asks.
   */
  analysisInSlices(
    doc: TextDocument,
    options: AnalyzeOptions,
    baselineKey: string,
    pause: () => Promise<void>,
    wanted: () => boolean,
  ): Promise<AnalysisResult | undefined> {
    const key = this.keyOf(options, baselineKey);
    const hit = this.analyses.get(doc.uri);
    if (hit && hit.version === doc.version && hit.key === key) return Promise.resolve(hit.result);
    const run = this.running.get(doc.uri);
    if (run && run.version === doc.version && run.key === key) return run.result;
    this.analyses.delete(doc.uri);
    const result = (async (): Promise<AnalysisResult | undefined> => {
      const steps = analyzeInSteps(doc.getText(), options, this.sharedParse(doc, options), this.stateOf(doc.uri));
      for (;;) {
        const r = steps.next();
        if (r.done) {
          this.analysesMade++;
          this.analyses.set(doc.uri, { version: doc.version, key, result: r.value });
          return r.value;
        }
        this.slicesPaused++;
        await pause();
        if (!wanted()) {
          this.analysesAbandoned++;
          return undefined;
        }
      }
    })().finally(() => {
      if (this.running.get(doc.uri)?.result === result) this.running.delete(doc.uri);
    });
    this.running.set(doc.uri, { version: doc.version, key, result });
    return result;
  }

  /** What earlier requests on this document kept (parses a completion starts from). */
  keptState(uri: string): DocumentState {
    return this.stateOf(uri);
  }

  private stateOf(uri: string): DocumentState {
    let state = this.states.get(uri);
    if (!state) this.states.set(uri, (state = new DocumentState()));
    return state;
  }

  private keyOf(options: AnalyzeOptions, baselineKey: string): string {
    const { baselineText: _text, terraformVariables, ...rest } = options;
    // A module's files are many and large: they count by identity (a new list when one of them changed).
    return `${JSON.stringify(rest)}\0${baselineKey}\0${terraformVariables ? this.idOf(terraformVariables) : ''}`;
  }

  private readonly ids = new WeakMap<object, number>();
  private nextId = 1;
  private idOf(o: object): number {
    let id = this.ids.get(o);
    if (id === undefined) this.ids.set(o, (id = this.nextId++));
    return id;
  }

  /**
   * Parses the document ahead of its analysis with these options, e.g. while its baseline is
   * being read; the analysis then finds the parse done.
   */
  prepare(doc: TextDocument, options: AnalyzeOptions): void {
    this.sharedParse(doc, options);
  }

  /** The editor features' parse, when it serves an analysis with these options too. */
  private sharedParse(doc: TextDocument, options: AnalyzeOptions): ParsedDocument | undefined {
    // Other depth limits or file names need their own parse. Past DEFAULT_MAX_FILE_SIZE the
    // features see an empty document, which an analysis with a raised maxFileSize must not.
    const same =
      (options.maxDepth === undefined || options.maxDepth === DEFAULT_MAX_DEPTH) &&
      options.fileName === fileNameOf(doc) &&
      doc.getText().length <= DEFAULT_MAX_FILE_SIZE;
    return same ? this.parsed(doc) : undefined;
  }

  /** Drops what was kept for earlier versions of the document (it just changed). */
  releaseOlder(doc: TextDocument): void {
    if (this.parses.get(doc.uri)?.version !== doc.version) this.parses.delete(doc.uri);
    if (this.analyses.get(doc.uri)?.version !== doc.version) this.analyses.delete(doc.uri);
  }

  /** How many parses and analyses are held, over all documents. */
  get held(): { parses: number; analyses: number } {
    return { parses: this.parses.size, analyses: this.analyses.size };
  }

  forget(uri: string): void {
    this.parses.delete(uri);
    this.analyses.delete(uri);
    this.states.get(uri)?.dispose();
    this.states.delete(uri);
  }
}
