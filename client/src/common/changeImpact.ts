import * as vscode from 'vscode';
import { ExecuteCommandRequest, type BaseLanguageClient } from 'vscode-languageclient';
import { gitBaselineAllowed, isCheckedDocument } from './settings';

/** The server command that classifies the changes of a document against its baseline. */
export const CHANGE_IMPACT_SERVER_COMMAND = 'search-config.changeImpact';
const SCHEME = 'search-config-impact';

/**
 * Shows the change impact of the active configuration (every changed field: restarts the engine, no effect on
 * an existing service, deprecated, secret changed; in a Terraform file or a manifest, per resource or document,
 * with those added and removed) as a read-only markdown document. The classification is the
 * server's, so the view always agrees with the `search-config diff` command line.
 */
export class ChangeImpactView implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SCHEME, this);

  constructor(private readonly client: () => BaseLanguageClient | undefined) {}

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? 'Run "Search Config: Show Change Impact" again to refresh this view.';
  }

  async show(target?: vscode.Uri): Promise<void> {
    const uri = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
    const doc = uri && vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    // A configuration file, a .tf file or a YAML file that may hold a configuration: the server compares each in its format.
    if (!uri || (doc && !isCheckedDocument(doc))) {
      void vscode.window.showInformationMessage('Open a search service configuration file to see the impact of its changes.');
      return;
    }
    const client = this.client();
    if (!client || !client.isRunning()) {
      void vscode.window.showWarningMessage(
        'The search config language server is not running: restart it with "Search Config: Restart Language Server".',
      );
      return;
    }
    const offered = client.initializeResult?.capabilities.executeCommandProvider?.commands ?? [];
    if (!offered.includes(CHANGE_IMPACT_SERVER_COMMAND)) {
      void vscode.window.showWarningMessage(
        `This version of the language server cannot compute the change impact (it does not offer ${CHANGE_IMPACT_SERVER_COMMAND}). Use \`search-config diff\` on the command line.`,
      );
      return;
    }
    const result: unknown = await client.sendRequest(ExecuteCommandRequest.type, {
      command: CHANGE_IMPACT_SERVER_COMMAND,
      arguments: [uri.toString()],
    });
    const name = uri.path.split('/').pop() ?? 'configuration';
    const view = vscode.Uri.from({ scheme: SCHEME, path: `/${name} change impact.md`, query: uri.toString() });
    this.contents.set(view.toString(), renderImpact(name, result, gitBaselineAllowed(uri)));
    this.changed.fire(view);
    const opened = await vscode.workspace.openTextDocument(view);
    await vscode.languages.setTextDocumentLanguage(opened, 'markdown');
    // The report is a markdown table: rendered it reads best; the source is the fallback.
    if (vscode.extensions.getExtension('vscode.markdown-language-features')) {
      await vscode.commands.executeCommand('markdown.showPreviewToSide', view);
    } else {
      await vscode.window.showTextDocument(opened, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    }
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}

/** The server answers with markdown (preferred) or a structured list; anything else is shown as JSON. */
export function renderImpact(name: string, result: unknown, gitAllowed: boolean): string {
  if (typeof result === 'string') return result;
  if (result && typeof result === 'object') {
    const r = result as Record<string, unknown>;
    if (typeof r.markdown === 'string') return r.markdown;
    if (typeof r.text === 'string') return r.text;
  }
  if (result === null || result === undefined) {
    const why = gitAllowed
      ? 'the file is not committed, or `searchConfig.baseline` is `none`'
      : 'a `git:` baseline is off in Restricted Mode and for files not on disk (reading it runs git); trust the workspace to compare with the committed version';
    return `# ${name}\n\nNo baseline to compare with: ${why}.\n`;
  }
  return `# ${name}: change impact\n\n\`\`\`json\n${JSON.stringify(result, null, 2)}\n\`\`\`\n`;
}
