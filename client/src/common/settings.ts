import * as vscode from 'vscode';
import type { DocumentSelector } from 'vscode-languageclient';
import { holdsManifest, isSearchYamlName, isYamlName } from '../../../server/src/core/formats/yaml/names';

/** The language id the extension contributes, so VS Code's built-in JSON support leaves these files alone. */
export const LANGUAGE_ID = 'search-config';
export const SECTION = 'searchConfig';

/** Used when `searchConfig.files` is unset or empty; the manifest's default and filenamePatterns say the same. */
const FALLBACK_FILES = ['**/*.search.json', '**/*.search.jsonc', '**/search-config.json', '**/search-config.jsonc'];

/**
 * The user's globs, anchored so that `prod.search.json` matches at any depth as it does for the CLI:
 * VS Code matches document filter patterns against the whole path.
 */
export function configuredFileGlobs(): string[] {
  const files = vscode.workspace.getConfiguration(SECTION).get<unknown>('files');
  const globs = Array.isArray(files) ? files.filter((g): g is string => typeof g === 'string' && g.trim() !== '') : [];
  return (globs.length > 0 ? globs : FALLBACK_FILES).map(anchorGlob);
}

function anchorGlob(glob: string): string {
  const g = glob.trim().replace(/\\/g, '/');
  if (g.startsWith('/') || g.startsWith('**/') || /^[a-zA-Z]:\//.test(g)) return g;
  return '**/' + g.replace(/^\.\//, '');
}

/**
 * Documents the server handles: files matching `searchConfig.files` once they carry the extension's language,
 * plus unsaved buffers the user switched to that language by hand.
 */
export function documentSelector(): DocumentSelector {
  return [
    ...configuredFileGlobs().map((pattern) => ({ language: LANGUAGE_ID, pattern })),
    { language: LANGUAGE_ID, scheme: 'untitled' },
    // Request files, runbooks and scripts, whatever language another extension gives them: the server
    // checks .http and .rest files, and Markdown and shell files that `requests.files` names.
    { scheme: 'file', pattern: REQUEST_FILE_GLOB },
    // YAML files, whatever extension gives them their language (Red Hat's YAML extension owns `yaml`;
    // the extension contributes none), in any file system: on disk, in a virtual workspace (github.dev)
    // or on the remote host of VS Code for the Web. The server reads only *.search.yaml and the
    // spec.userConfig of kind: Search manifests, and answers nothing outside them.
    { language: YAML_LANGUAGE_ID },
    { pattern: YAML_FILE_GLOB },
    // Terraform files: `terraform` is the id the Terraform extensions give them, and where none is
    // installed they open as plain text. The extension contributes no language for .tf, so it never
    // competes with those extensions; the server answers only inside `search_user_config` blocks.
    { language: TERRAFORM_LANGUAGE_ID },
    { pattern: TERRAFORM_FILE_GLOB },
    // Terraform's JSON syntax (what CDK for Terraform writes): editors give it the `json` language id, and
    // the built-in JSON support keeps it; the server knows it by its name and reads only its search_user_config.
    { pattern: TERRAFORM_JSON_FILE_GLOB },
  ];
}

export const YAML_LANGUAGE_ID = 'yaml';
export const YAML_FILE_GLOB = '**/*.{yaml,yml}';
export const TERRAFORM_LANGUAGE_ID = 'terraform';
export const TERRAFORM_FILE_GLOB = '**/*.tf';
export const TERRAFORM_JSON_FILE_GLOB = '**/*.tf.json';

/**
 * Whether the server checks the document: a configuration in our language, a Terraform file, or a YAML file
 * that may hold a configuration (a `*.search.yaml`, or a manifest naming `kind: Search` and `userConfig`).
 */
export function isCheckedDocument(doc: vscode.TextDocument): boolean {
  if (doc.languageId === LANGUAGE_ID || /\.tf(?:\.json)?$/i.test(doc.uri.path)) return true;
  if (doc.languageId !== YAML_LANGUAGE_ID && !isYamlName(doc.uri.path)) return false;
  return isSearchYamlName(doc.uri.path) || holdsManifest(doc.getText());
}

export const REQUEST_FILE_GLOB = '**/*.{http,rest,md,markdown,sh,bash}';

/**
 * A file matched only by a custom `searchConfig.files` glob opens as plain JSON; switching it to our language
 * hands it from the built-in JSON server to ours, so it never gets two sets of diagnostics and completions.
 */
export async function claimIfConfigured(doc: vscode.TextDocument): Promise<void> {
  if (doc.languageId !== 'json' && doc.languageId !== 'jsonc') return;
  if (!isEnabled(doc.uri)) return;
  const matches = configuredFileGlobs().some((pattern) => vscode.languages.match({ pattern }, doc) > 0);
  if (matches) await vscode.languages.setTextDocumentLanguage(doc, LANGUAGE_ID);
}

export function isEnabled(scope?: vscode.Uri): boolean {
  return vscode.workspace.getConfiguration(SECTION, scope).get<boolean>('enable', true) !== false;
}

/**
 * Settings as the server should see them. The git baseline runs `git`, which honours repository-local
 * configuration (hooks, `core.fsmonitor`) and so can run code from the workspace: in Restricted Mode, and for
 * documents that are not files on disk, a `git:` baseline is switched off. A baseline file is only read, so it stays.
 */
export function effectiveSettings(scope: vscode.Uri | undefined): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration(SECTION, scope);
  const settings = JSON.parse(JSON.stringify(config)) as Record<string, unknown>;
  const baseline = typeof settings.baseline === 'string' ? settings.baseline : 'git:HEAD';
  if (baseline.startsWith('git:') && !gitBaselineAllowed(scope)) settings.baseline = 'none';
  return settings;
}

export function gitBaselineAllowed(scope: vscode.Uri | undefined): boolean {
  if (!vscode.workspace.isTrusted) return false;
  return scope === undefined || scope.scheme === 'file';
}
