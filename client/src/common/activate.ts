import * as vscode from 'vscode';
import { DidChangeConfigurationNotification, State, type BaseLanguageClient, type LanguageClientOptions } from 'vscode-languageclient';
import { ChangeImpactView } from './changeImpact';
import { fixAllInActiveFile, openRuleDocumentation } from './commands';
import { answerFileRequests } from './files';
import { claimIfConfigured, documentSelector, effectiveSettings, isEnabled, SECTION } from './settings';
import { hostDescription, ServerStatus, type ServerHost } from './status';

const COMMANDS = {
  restart: 'searchConfig.restartServer',
  showOutput: 'searchConfig.showOutput',
  fixAll: 'searchConfig.fixAll',
  changeImpact: 'searchConfig.showChangeImpact',
  ruleDocs: 'searchConfig.openRuleDocumentation',
} as const;

export const CLIENT_NAME = 'Search Config Language Server';

/** What differs between the desktop and the web extension: how the language server is started. */
export interface ClientPlatform {
  createClient(context: vscode.ExtensionContext, options: LanguageClientOptions): BaseLanguageClient | Promise<BaseLanguageClient>;
  /** Said once in the output when the extension starts, about what this platform cannot do. */
  readonly limitations?: (settings: Record<string, unknown>) => string | undefined;
}

let client: BaseLanguageClient | undefined;
/** The answers to the server's file requests, which end with the client they were given to. */
let fileRequests: vscode.Disposable | undefined;
let output: vscode.LogOutputChannel | undefined;
/** Whether the server was started once (or asked to start) in this activation: a late first document must not start a second. */
let startRequested = false;

export async function activateOn(platform: ClientPlatform, context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel(CLIENT_NAME, { log: true });
  const status = new ServerStatus(COMMANDS.showOutput);
  const impact = new ChangeImpactView(() => client);
  context.subscriptions.push(output, status, impact);

  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.restart, () => restart(platform, context, status)),
    vscode.commands.registerCommand(COMMANDS.showOutput, () => output?.show(true)),
    vscode.commands.registerCommand(COMMANDS.fixAll, fixAllInActiveFile),
    vscode.commands.registerCommand(COMMANDS.changeImpact, (uri?: vscode.Uri) => impact.show(uri)),
    vscode.commands.registerCommand(COMMANDS.ruleDocs, openRuleDocumentation),
    vscode.workspace.onDidOpenTextDocument((doc) => void claimIfConfigured(doc)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      // The document selector is fixed when the client starts: a new file list or on/off switch needs a restart.
      if (e.affectsConfiguration(`${SECTION}.files`) || e.affectsConfiguration(`${SECTION}.enable`))
        void restart(platform, context, status);
    }),
    // Trust changes the baseline the server may use (see effectiveSettings): make it pull the settings again.
    vscode.workspace.onDidGrantWorkspaceTrust(() => void notifySettingsChanged()),
  );
  const limitation = platform.limitations?.(
    JSON.parse(JSON.stringify(vscode.workspace.getConfiguration(SECTION))) as Record<string, unknown>,
  );
  if (limitation) output.warn(limitation);
  // The extension also activates on plain-text documents (a .tf file where no Terraform extension is
  // installed), that is on any plain-text file: the server starts once a document it handles is open.
  const handled = (doc: vscode.TextDocument): boolean => vscode.languages.match(documentSelector() as vscode.DocumentSelector, doc) > 0;
  if (!isEnabled() || vscode.workspace.textDocuments.some(handled)) await start(platform, context, status);
  else {
    const waiting = vscode.workspace.onDidOpenTextDocument((doc) => {
      if (!handled(doc)) return;
      waiting.dispose();
      if (!startRequested) void start(platform, context, status);
    });
    context.subscriptions.push(waiting);
  }
  for (const doc of vscode.workspace.textDocuments) await claimIfConfigured(doc);
}

export async function deactivate(): Promise<void> {
  await stop();
}

async function start(platform: ClientPlatform, context: vscode.ExtensionContext, status: ServerStatus): Promise<void> {
  startRequested = true;
  if (!isEnabled()) {
    status.set('disabled');
    return;
  }
  const clientOptions: LanguageClientOptions = {
    documentSelector: documentSelector(),
    outputChannel: output,
    synchronize: {
      configurationSection: SECTION,
      fileEvents: vscode.workspace.createFileSystemWatcher('**/.search-lint.json'),
    },
    middleware: {
      workspace: {
        // Answer the server's pull with the settings it may act on (the git baseline is off when untrusted).
        configuration: async (params, token, next) => {
          const answers = await next(params, token);
          if (!Array.isArray(answers)) return answers;
          return params.items.map((item, i) => {
            if (item.section !== SECTION && !item.section?.startsWith(`${SECTION}.`)) return answers[i];
            const settings = effectiveSettings(item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined);
            // A sub-section such as `searchConfig.baseline` is answered from the same trust-adjusted object.
            return (
              item.section
                .slice(SECTION.length + 1)
                .split('.')
                .filter(Boolean)
                .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), settings) ?? null
            );
          });
        },
        didChangeConfiguration: async () => notifySettingsChanged(),
      },
    },
  };
  // The client id `searchConfig` makes vscode-languageclient read `searchConfig.trace.server`.
  status.set('starting');
  try {
    client = await platform.createClient(context, clientOptions);
    const started = client;
    fileRequests = answerFileRequests(started);
    started.onDidChangeState((e) => status.fromClientState(e.newState));
    await started.start();
    status.fromClientState(started.state);
    const host = (started.initializeResult?.capabilities.experimental as { searchConfig?: { host?: ServerHost } } | undefined)?.searchConfig
      ?.host;
    if (host) {
      status.setHost(host);
      output?.info(`The language server runs ${hostDescription(host)}.`);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    output?.error(`The language server did not start: ${message}`);
    status.set('failed', message);
  }
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  fileRequests?.dispose();
  fileRequests = undefined;
  if (running && running.state !== State.Stopped) await running.stop().catch(() => undefined);
  await running?.dispose().catch(() => undefined);
}

async function restart(platform: ClientPlatform, context: vscode.ExtensionContext, status: ServerStatus): Promise<void> {
  output?.info('Restarting the language server.');
  await stop();
  await start(platform, context, status);
  // A changed `searchConfig.files` may now match files that are open as plain JSON.
  for (const doc of vscode.workspace.textDocuments) await claimIfConfigured(doc);
}

/** Pushes the effective (trust-adjusted) settings; servers that pull settings take it as the cue to pull. */
async function notifySettingsChanged(): Promise<void> {
  if (!client?.isRunning()) return;
  await client.sendNotification(DidChangeConfigurationNotification.type, { settings: { [SECTION]: effectiveSettings(undefined) } });
}
