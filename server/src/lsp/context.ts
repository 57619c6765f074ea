import type { ClientCapabilities, Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalysisResult, AnalyzeOptions } from '../core';
import type { Baseline } from './baselines';
import type { DocumentCache } from './documents';
import type { Logger } from './guard';
import type { ServerSettings } from './settings';
import type { Workspace } from './workspace';

/** Everything a feature handler needs about one open document, resolved for its settings. */
export interface DocumentState {
  doc: TextDocument;
  settings: ServerSettings;
  options: AnalyzeOptions;
  baseline?: Baseline;
}

export interface ServerContext {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  cache: DocumentCache;
  log: Logger;
  capabilities: () => ClientCapabilities;
  beforeRequest: (method: string) => void;
  /**
   * The document with its settings, when it is an open service configuration; undefined otherwise.
   * Features that only read the document pass `withBaseline: false` and never wait for git.
   */
  stateOf(uri: string, withBaseline?: boolean): Promise<DocumentState | undefined>;
  analysisOf(state: DocumentState): AnalysisResult;
  /** The same analysis made in slices, other messages answered in between; undefined when the version was superseded. */
  analysisInSlicesOf(state: DocumentState): Promise<AnalysisResult | undefined>;
  /** Workspace folders and `.search-lint.json` lookup. */
  workspace: Workspace;
}
