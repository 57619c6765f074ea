import * as vscode from 'vscode';
import { isCheckedDocument } from './settings';

export const FIX_ALL_KIND = vscode.CodeActionKind.SourceFixAll.append('search-config');
const DIAGNOSTIC_SOURCE = 'search-config';

/**
 * Applies every safe fix the server offers for the file, through the same `source.fixAll.search-config` code
 * action that `editor.codeActionsOnSave` uses, so the command and fix-on-save never disagree.
 */
export async function fixAllInActiveFile(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !isCheckedDocument(editor.document)) {
    void vscode.window.showInformationMessage(
      'Open a search service configuration file, a Terraform file or a Kubernetes manifest of kind: Search to fix its problems.',
    );
    return;
  }
  const doc = editor.document;
  const whole = new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length));
  const actions =
    (await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      whole,
      FIX_ALL_KIND.value,
      1,
    )) ?? [];
  const fixAll = actions.find((a): a is vscode.CodeAction => 'kind' in a && !!a.kind && FIX_ALL_KIND.contains(a.kind));
  if (!fixAll || (!fixAll.edit && !fixAll.command)) {
    void vscode.window.showInformationMessage(`${fileName(doc)}: no problems that can be fixed automatically.`);
    return;
  }
  const before = doc.version;
  if (fixAll.edit && !(await vscode.workspace.applyEdit(fixAll.edit))) {
    void vscode.window.showErrorMessage(`${fileName(doc)}: the fixes could not be applied (the file changed meanwhile?). Try again.`);
    return;
  }
  if (fixAll.command) await vscode.commands.executeCommand(fixAll.command.command, ...(fixAll.command.arguments ?? []));
  if (doc.version === before) void vscode.window.showInformationMessage(`${fileName(doc)}: nothing left to fix.`);
}

/**
 * Opens the documentation of a rule: the one given (from a code action or a link), else the rule of the problem
 * under the cursor, else one picked from the file's problems. The links come from the diagnostics' `codeDescription`,
 * which the server fills, so the extension never hard-codes where the documentation lives.
 */
export async function openRuleDocumentation(ruleId?: unknown): Promise<void> {
  const known = knownRuleLinks();
  let id = typeof ruleId === 'string' ? ruleId : undefined;
  if (!id) id = ruleUnderCursor();
  if (!id) {
    const ids = [...known.keys()].sort();
    if (ids.length === 0) {
      void vscode.window.showInformationMessage(
        "No search config problems are shown right now; open a configuration file with problems to open a rule's documentation.",
      );
      return;
    }
    id = await vscode.window.showQuickPick(ids, { placeHolder: 'Rule whose documentation to open' });
    if (!id) return;
  }
  const link = known.get(id);
  if (!link) {
    void vscode.window.showWarningMessage(
      `No documentation link is known for rule "${id}": the language server did not attach one to its problems. See \`search-config explain ${id}\`.`,
    );
    return;
  }
  await vscode.env.openExternal(link);
}

function ruleUnderCursor(): string | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const here = editor.selection.active;
  const hit = vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.source === DIAGNOSTIC_SOURCE && d.range.contains(here));
  return hit ? codeOf(hit)?.id : undefined;
}

function knownRuleLinks(): Map<string, vscode.Uri> {
  const links = new Map<string, vscode.Uri>();
  for (const [, diagnostics] of vscode.languages.getDiagnostics()) {
    for (const d of diagnostics) {
      const code = d.source === DIAGNOSTIC_SOURCE ? codeOf(d) : undefined;
      if (code?.target) links.set(code.id, code.target);
    }
  }
  return links;
}

function codeOf(d: vscode.Diagnostic): { id: string; target?: vscode.Uri } | undefined {
  if (typeof d.code === 'string' || typeof d.code === 'number') return { id: String(d.code) };
  if (d.code && typeof d.code === 'object') return { id: String(d.code.value), target: d.code.target };
  return undefined;
}

function fileName(doc: vscode.TextDocument): string {
  return doc.uri.path.split('/').pop() ?? doc.uri.toString();
}
