import * as vscode from 'vscode';
import { State } from 'vscode-languageclient';
import type { ServerRuntime } from '../../../server/src/lsp/runtime';
import { isCheckedDocument } from './settings';

/** Where the language server runs, as the server says in its initialize result. */
export type ServerHost = ServerRuntime['host'];

/** How the status item and the output name a host: "the language server runs …". */
export const hostDescription = (host: ServerHost): string =>
  host === 'browser-worker' ? 'in a browser web worker' : 'in a Node.js process';

type ServerState = 'starting' | 'running' | 'stopped' | 'failed' | 'disabled';

const LOOK: Record<ServerState, { icon: string; tooltip: string }> = {
  starting: { icon: '$(sync~spin)', tooltip: 'Search config: the language server is starting' },
  running: { icon: '$(check)', tooltip: 'Search config: the language server is running' },
  stopped: {
    icon: '$(debug-stop)',
    tooltip:
      'Search config: the language server is stopped. Click to see its output; run "Search Config: Restart Language Server" to start it.',
  },
  failed: { icon: '$(error)', tooltip: 'Search config: the language server failed. Click to see its output.' },
  disabled: { icon: '$(circle-slash)', tooltip: 'Search config: switched off by the searchConfig.enable setting' },
};

/** A status bar item with the server's state, shown next to configuration files and whenever the server failed. */
export class ServerStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('searchConfig.status', vscode.StatusBarAlignment.Right, 100);
  private readonly subscriptions: vscode.Disposable[] = [];
  private state: ServerState = 'starting';
  private host: ServerHost | undefined;
  private detail: string | undefined;

  constructor(showOutputCommand: string) {
    this.item.name = 'Search Config Language Server';
    this.item.command = showOutputCommand;
    this.subscriptions.push(vscode.window.onDidChangeActiveTextEditor(() => this.render()));
    this.subscriptions.push(vscode.workspace.onDidOpenTextDocument(() => this.render()));
    this.render();
  }

  fromClientState(state: State): void {
    this.set(state === State.Running ? 'running' : state === State.Starting ? 'starting' : 'stopped');
  }

  set(state: ServerState, detail?: string): void {
    this.state = state;
    this.detail = detail;
    this.render();
  }

  /** Shown in the tooltip and read out by screen readers: which kind of host the server runs in. */
  setHost(host: ServerHost): void {
    this.host = host;
    this.render();
  }

  current(): ServerState {
    return this.state;
  }

  private render(): void {
    this.item.text = `${LOOK[this.state].icon} Search Config`;
    const where = this.host && hostDescription(this.host);
    this.item.tooltip = [LOOK[this.state].tooltip, this.detail, where && `Language server: ${where}`].filter(Boolean).join('\n\n');
    this.item.accessibilityInformation = { label: `Search Config: ${this.state}${where ? `, language server ${where}` : ''}` };
    this.item.backgroundColor = this.state === 'failed' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    const active = vscode.window.activeTextEditor?.document;
    const editing = active !== undefined && isCheckedDocument(active);
    if (editing || this.state === 'failed') this.item.show();
    else this.item.hide();
  }

  dispose(): void {
    this.item.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
