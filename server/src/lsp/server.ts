import {
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReportKind,
  LSPErrorCodes,
  MessageType,
  ShowMessageNotification,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type ClientCapabilities,
  type Connection,
  type Diagnostic,
  type DocumentDiagnosticReport,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  type AnalysisResult,
  forgetRequestScan,
  VERSION,
  terraformParserLoaded,
  isVariableFile,
  formatOf,
  readsModuleFiles,
} from '../core';
import { Baselines } from './baselines';
import type { DocumentState, ServerContext } from './context';
import { toDiagnostic } from './convert';
import { DocumentCache } from './documents';
import { CHANGE_IMPACT_COMMAND, registerFeatures } from './features';
import { guardNotification, guardRequest, redactedMessage, type Logger } from './guard';
import { MemoryReleaser } from './memory';
import { PushScheduler, settled } from './scheduling';
import { normalizeSettings, SETTINGS_SECTION, type ServerSettings } from './settings';
import type { ServerRuntime } from './runtime';
import { fileNameOf, Workspace } from './workspace';
import { TerraformModules } from './terraform-modules';
import { parentUri, sameUri } from './uris';

export interface ServerOptions {
  /** Delay between the last keystroke and the diagnostics of a document in push mode. */
  debounceMs?: number;
  /** Called before each request handler runs; lets tests make a handler fail. */
  beforeRequest?: (method: string) => void;
}

/** Wires the language server's handlers onto a connection (stdio, IPC, socket or in-memory streams). */
export function startServer(connection: Connection, runtime: ServerRuntime, serverOptions: ServerOptions = {}): ServerContext {
  const debounceMs = serverOptions.debounceMs ?? 200;
  const documents = new TextDocuments(TextDocument);
  const cache = new DocumentCache();
  const releaser = new MemoryReleaser(runtime.collectGarbage, runtime.setBackgroundTimeout);
  const workspace = new Workspace(runtime);
  const modules = new TerraformModules(runtime, documents, (uri) => workspace.shownName(uri));
  let capabilities: ClientCapabilities = {};
  let pullDiagnostics = false;
  let configurationPull = false;
  let globalSettings: unknown = undefined;
  let trace: ServerSettings['trace']['server'] = 'off';
  const settingsCache = new Map<string, Promise<ServerSettings>>();
  const log: Logger = {
    error: (m) => connection.console.error(m),
    warn: (m) => connection.console.warn(m),
    info: (m) => connection.console.info(m),
  };
  const baselines = new Baselines(
    workspace,
    (m) => {
      if (trace !== 'off') log.info(m);
    },
    (uri) => {
      // A baseline read again in the background turned out different: the diagnostics must follow it.
      if (!documents.get(uri)) return;
      if (!pullDiagnostics) schedule(uri, 0);
      else if (capabilities.workspace?.diagnostics?.refreshSupport) connection.languages.diagnostics.refresh();
    },
    undefined,
    (m) => log.warn(m),
  );
  const shownLintProblems = new Set<string>();
  // The HCL parser is loaded the first time a Terraform file is looked at: what asks about a Terraform
  // file meanwhile (its diagnostics, a hover, a completion) waits for it, rather than answering as if the
  // file held no configuration. False when it cannot be loaded (said once in the log).
  let terraformLoading: Promise<void> | undefined;
  const terraformReady = async (): Promise<boolean> => {
    if (terraformParserLoaded()) return true;
    terraformLoading ??= runtime
      .loadTerraformParser?.()
      .catch((err: unknown) => log.error(`Terraform files get no diagnostics: the HCL parser cannot be loaded (${redactedMessage(err)})`));
    await terraformLoading;
    return terraformParserLoaded();
  };

  const settingsFor = (uri: string): Promise<ServerSettings> => {
    let s = settingsCache.get(uri);
    if (!s) {
      s = (
        configurationPull
          ? connection.workspace
              .getConfiguration({ scopeUri: uri, section: SETTINGS_SECTION })
              // A client with nothing configured answers null: then settings given at start-up still count.
              .then(
                (pulled: unknown) => normalizeSettings(pulled ?? globalSettings),
                () => normalizeSettings(globalSettings),
              )
          : Promise.resolve(normalizeSettings(globalSettings))
      ).then((settings) => {
        trace = settings.trace.server;
        return settings;
      });
      settingsCache.set(uri, s);
    }
    return s;
  };

  const stateOf = async (uri: string, withBaseline = true): Promise<DocumentState | undefined> => {
    const doc = documents.get(uri);
    if (!doc) return undefined;
    const settings = await settingsFor(uri);
    if (!(await workspace.isConfiguration(doc, settings)) && !(await workspace.isRequestDocument(doc, settings))) return undefined;
    const format = formatOf(fileNameOf(doc));
    if (format.needsHclParser?.(doc.getText()) && !(await terraformReady())) return undefined;
    const { options, lintConfigProblems } = await workspace.optionsFor(doc, settings);
    if (lintConfigProblems) reportLintConfigProblems(lintConfigProblems);
    // A Terraform file's variables get their values from its module's files, whose override files may
    // also replace its configurations, as in the CLI.
    if (format.moduleVariables && readsModuleFiles(doc.getText())) options.terraformVariables = await modules.variableFilesOf(uri);
    const reading = withBaseline ? baselines.get(uri, settings.baseline) : undefined;
    // A baseline read from git takes a while: parse meanwhile, as the analysis will need it.
    if (reading) cache.prepare(doc, options);
    const baseline = await reading;
    if (baseline) {
      options.baselineText = baseline.text;
      options.baselineLabel = baseline.label;
    }
    // The document may have changed while the settings or the baseline were read.
    const current = documents.get(uri);
    if (!current) return undefined;
    return { doc: current, settings, options, baseline };
  };

  const reportLintConfigProblems = (p: { file: string; problems: string[] }): void => {
    const key = `${p.file}\0${p.problems.join('\0')}`;
    if (shownLintProblems.has(key)) return;
    shownLintProblems.add(key);
    const text = `${p.file} is not used: ${p.problems.join(' ')}`;
    log.warn(text);
    // A notification, not a request: nothing to wait for, and every client shows it.
    void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: text });
  };

  const analysisOf = (state: DocumentState): AnalysisResult => {
    const started = performance.now();
    const made = cache.analysesMade;
    const result = cache.analysis(state.doc, state.options, state.baseline ? String(state.baseline.id) : '');
    if (trace === 'verbose' && cache.analysesMade !== made)
      log.info(
        `Analysed ${state.doc.uri} version ${state.doc.version} in ${Math.round(performance.now() - started)} ms: ${result.findings.length} findings`,
      );
    for (const e of result.internalErrors)
      log.error(`Rule ${e.ruleId} failed on ${state.doc.uri}: ${redactedMessage(new Error(e.message))}`);
    return result;
  };

  let shuttingDown = false;
  const nextTurn = (): Promise<void> => new Promise((resolve) => runtime.nextTurn(resolve));
  /**
   * The analysis for diagnostics, made in slices: a large request file is read a slice at a time, and
   * the messages that arrive meanwhile (a hover on another document, shutdown) are answered in between.
   * Undefined when the version was superseded or the server shuts down before the analysis was done.
   */
  const analysisInSlicesOf = async (state: DocumentState): Promise<AnalysisResult | undefined> => {
    const { uri, version } = state.doc;
    const started = performance.now();
    const made = cache.analysesMade;
    let announced = false;
    const result = await cache.analysisInSlices(
      state.doc,
      state.options,
      state.baseline ? String(state.baseline.id) : '',
      async () => {
        if (!announced && trace === 'verbose') log.info(`Analysing ${uri} version ${version} in slices`);
        announced = true;
        await nextTurn();
      },
      () => !shuttingDown && documents.get(uri)?.version === version,
    );
    if (!result) return undefined;
    if (trace === 'verbose' && cache.analysesMade !== made)
      log.info(`Analysed ${uri} version ${version} in ${Math.round(performance.now() - started)} ms: ${result.findings.length} findings`);
    for (const e of result.internalErrors) log.error(`Rule ${e.ruleId} failed on ${uri}: ${redactedMessage(new Error(e.message))}`);
    return result;
  };

  let compiledCodeKept = false;
  const diagnosticsOf = async (state: DocumentState): Promise<Diagnostic[] | undefined> => {
    const result = await analysisInSlicesOf(state);
    // Once the first diagnostics are on their way, what starting and that analysis compiled is kept for
    // the next start (written after this turn, so that the answer does not wait for it).
    if (result && !compiledCodeKept && runtime.keepCompiledCode) {
      compiledCodeKept = true;
      runtime.setBackgroundTimeout(runtime.keepCompiledCode, 0);
    }
    return result?.findings.map((f) => toDiagnostic(f, state.doc.uri, state.baseline));
  };

  const publishedEmpty = new Set<string>();
  const publish = async (uri: string): Promise<void> => {
    const doc = documents.get(uri);
    if (!doc) return;
    const version = doc.version;
    const state = await stateOf(uri);
    if (documents.get(uri)?.version !== version) return;
    const diagnostics = state ? await diagnosticsOf(state) : [];
    // Superseded by a newer version (which has its own run), or the server is shutting down.
    if (!diagnostics || documents.get(uri)?.version !== version) return;
    // A file that is not a configuration would otherwise get an empty publish on every keystroke;
    // a configuration is always published, so that clients waiting for a version get it.
    if (!state && publishedEmpty.has(uri)) return;
    if (state) publishedEmpty.delete(uri);
    else publishedEmpty.add(uri);
    await connection.sendDiagnostics({ uri, version, diagnostics });
    const since = pushed.since(uri);
    if (trace === 'verbose' && since !== undefined)
      log.info(
        `Published ${diagnostics.length} diagnostics of ${uri} version ${version}, ${(performance.now() - since).toFixed(1)} ms after the document changed or opened`,
      );
  };
  const pushed = new PushScheduler(
    documents,
    (uri) => {
      publish(uri).catch((err: unknown) => log.error(`Diagnostics of ${uri} failed: ${redactedMessage(err)}`));
    },
    runtime.nextTurn,
  );
  const schedule = (uri: string, delay: number): void => {
    if (!pullDiagnostics) pushed.schedule(uri, delay);
  };
  // Changes whenever settings, settings files or workspace folders change: part of every pull result id.
  let generation = 0;
  const refreshAll = (): void => {
    generation++;
    if (pullDiagnostics) {
      if (capabilities.workspace?.diagnostics?.refreshSupport) connection.languages.diagnostics.refresh();
    } else for (const d of documents.all()) schedule(d.uri, 0);
    if (capabilities.workspace?.inlayHint?.refreshSupport) connection.languages.inlayHint.refresh().then(undefined, () => undefined);
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    capabilities = params.capabilities ?? {};
    pullDiagnostics = !!capabilities.textDocument?.diagnostic;
    configurationPull = !!capabilities.workspace?.configuration;
    const init = params.initializationOptions as Record<string, unknown> | null | undefined;
    if (init && typeof init === 'object') globalSettings = init[SETTINGS_SECTION] ?? init.settings ?? init;
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    workspace.setFolders(folders);
    const result: InitializeResult = {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        completionProvider: { triggerCharacters: ['"', ':'], resolveProvider: false },
        hoverProvider: true,
        inlayHintProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: ['quickfix', 'source.fixAll', 'source.fixAll.search-config'], resolveProvider: false },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        selectionRangeProvider: true,
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        documentLinkProvider: { resolveProvider: false },
        executeCommandProvider: { commands: [CHANGE_IMPACT_COMMAND] },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
        // Where the server runs, for clients that show it (the extension's status item does).
        experimental: { searchConfig: { host: runtime.host } },
      },
      serverInfo: { name: 'search-config-language-server', version: VERSION },
    };
    if (pullDiagnostics)
      result.capabilities.diagnosticProvider = { identifier: 'search-config', interFileDependencies: false, workspaceDiagnostics: false };
    return result;
  });

  connection.onInitialized(
    guardNotification(log, 'initialized', async () => {
      if (capabilities.workspace?.didChangeConfiguration?.dynamicRegistration) {
        await connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION });
      }
      if (capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration) {
        await connection.client.register(DidChangeWatchedFilesNotification.type, {
          // The Terraform files that give a module's variables their values too.
          watchers: ['**/.search-lint.json', '**/*.tf', '**/*.tf.json', '**/*.tfvars', '**/*.tfvars.json'].map((globPattern) => ({
            globPattern,
          })),
        });
      }
      if (capabilities.workspace?.workspaceFolders) {
        connection.workspace.onDidChangeWorkspaceFolders(
          guardNotification(log, 'workspace folders', (e) => {
            workspace.addFolders(
              e.added.map((f) => f.uri),
              e.removed.map((f) => f.uri),
            );
            settingsCache.clear();
            refreshAll();
          }),
        );
      }
    }),
  );

  connection.onDidChangeConfiguration(
    guardNotification(log, 'configuration', (params) => {
      const settings = params?.settings as Record<string, unknown> | null | undefined;
      if (settings && typeof settings === 'object' && SETTINGS_SECTION in settings) globalSettings = settings[SETTINGS_SECTION];
      else if (!configurationPull) globalSettings = settings ?? undefined;
      settingsCache.clear();
      refreshAll();
    }),
  );

  connection.onDidChangeWatchedFiles(
    guardNotification(log, 'watched files', (params) => {
      // Only module files changed: only the open Terraform files of those modules are linted again.
      const changes = params?.changes ?? [];
      if (changes.length && changes.every((c) => isVariableFile(c.uri))) {
        for (const c of changes) {
          modules.changed(c.uri);
          moduleChanged(c.uri, 0);
        }
        return;
      }
      modules.clear();
      workspace.reloadLintConfigs();
      baselines.invalidate();
      shownLintProblems.clear();
      refreshAll();
    }),
  );

  /**
   * A file of a Terraform module changed (on disk, or its open buffer): the module's other open
   * Terraform files may read their variables differently, and are linted again.
   */
  const moduleChanged = (uri: string, delay: number): void => {
    if (!isVariableFile(uri)) return;
    const dir = parentUri(uri);
    const affected = documents
      .all()
      .filter((d) => !sameUri(d.uri, uri) && formatOf(fileNameOf(d)).moduleVariables && sameUri(parentUri(d.uri), dir));
    if (!affected.length) return;
    if (!pullDiagnostics) {
      for (const d of affected) schedule(d.uri, delay);
      return;
    }
    generation++;
    if (capabilities.workspace?.diagnostics?.refreshSupport) connection.languages.diagnostics.refresh();
  };

  documents.onDidOpen(
    guardNotification(log, 'open', (e) => {
      baselines.invalidate(e.document.uri);
      schedule(e.document.uri, 0);
      moduleChanged(e.document.uri, debounceMs);
    }),
  );
  documents.onDidChangeContent(
    guardNotification(log, 'change', (e) => {
      // The previous version's parse and analysis are of no more use: let them go before the next analysis.
      cache.releaseOlder(e.document);
      schedule(e.document.uri, debounceMs);
      moduleChanged(e.document.uri, debounceMs);
    }),
  );
  documents.onDidSave(
    guardNotification(log, 'save', (e) => {
      baselines.invalidate(e.document.uri);
      if (pullDiagnostics) refreshAll();
      else schedule(e.document.uri, 0);
    }),
  );
  documents.onDidClose(
    guardNotification(log, 'close', (e) => {
      pushed.forget(e.document.uri);
      cache.forget(e.document.uri);
      forgetRequestScan(e.document.getText());
      releaser.documentClosed(e.document.getText().length);
      publishedEmpty.delete(e.document.uri);
      baselines.forget(e.document.uri);
      settingsCache.delete(e.document.uri);
      if (!pullDiagnostics) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
      // Its text on disk counts again for the module's other files.
      moduleChanged(e.document.uri, 0);
    }),
  );

  const beforeRequest = serverOptions.beforeRequest ?? (() => undefined);
  const ctx: ServerContext = {
    connection,
    documents,
    cache,
    log,
    capabilities: () => capabilities,
    beforeRequest,
    stateOf,
    analysisOf,
    analysisInSlicesOf,
    workspace,
  };

  const emptyReport: DocumentDiagnosticReport = { kind: DocumentDiagnosticReportKind.Full, items: [] };
  connection.languages.diagnostics.on(
    guardRequest(log, 'diagnostics', emptyReport, async (params, token): Promise<DocumentDiagnosticReport> => {
      beforeRequest('textDocument/diagnostic');
      // A change or a cancellation that has already arrived is handled before any analysis.
      await settled(documents, params.textDocument.uri, runtime.nextTurn);
      const state = await stateOf(params.textDocument.uri);
      if (token.isCancellationRequested)
        throw new ResponseError(LSPErrorCodes.ServerCancelled, 'The diagnostics were cancelled', { retriggerRequest: true });
      const version = documents.get(params.textDocument.uri)?.version ?? 'closed';
      const resultId = `${generation}:${version}:${state ? `on:${state.baseline?.id ?? 0}` : 'off'}`;
      if (params.previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
      const items = state ? await diagnosticsOf(state) : [];
      if (!items)
        throw new ResponseError(LSPErrorCodes.ServerCancelled, 'The document changed during its analysis', { retriggerRequest: true });
      return { kind: DocumentDiagnosticReportKind.Full, resultId, items };
    }),
  );

  registerFeatures(ctx);
  connection.onShutdown(() => {
    shuttingDown = true;
    pushed.dispose();
    releaser.dispose();
  });
  documents.listen(connection);
  return ctx;
}
