/**
 * The formats, each a handler: which files it reads, how it reads and checks them, and how it
 * writes edits into them. The engine, the fixer and the hosts ask the handler of a file's name
 * instead of testing the name themselves, so that a new format is one folder and one entry here.
 */
import { severityOf, type AnalysisResult, type FormatId } from '../check';
import type { DocumentState } from '../document-state';
import type { EditorCompletion } from '../editor/completion';
import { terraformCompletionAt } from '../editor/terraform-completion';
import { yamlCompletions } from '../editor/yaml-completion';
import { analyzeRequestSteps } from '../request-files/analyze';
import type { Steps } from '../request-files/steps';
import { requestFileKind } from '../request-files/types';
import { applyEdits } from '../text-edits';
import type { AnalyzeOptions, LayoutWindows, TextEdit } from '../types';
import type { CommentMarker } from './document';
import { analyzeJson } from './json/analysis';
import type { ParsedDocument } from './json/document';
import { parseDocument } from './json/document';
import { analyzeTerraformJson } from './terraform-json/analysis';
import { isTerraformJsonName } from './terraform-json/document';
import { analyzeTerraform } from './terraform/analysis';
import { CONFIGURATION_BLOCK, isTerraformName } from './terraform/document';
import { applyTerraformEdits, layoutWindows } from './terraform/layout';
import { analyzeYaml } from './yaml/analysis';
import { holdsManifest, isSearchYamlName, isYamlName } from './yaml/names';
import { nameForContent } from './unnamed';

export interface FormatHandler {
  readonly id: FormatId;
  /** The syntax's name in a message: "a fix would have produced invalid Terraform". */
  readonly syntaxName: string;
  /** Whether a file of this name is of this format (undefined: a text without a name). */
  recognises(fileName: string | undefined): boolean;
  /**
   * Reads and checks the text. A request file is read in slices, pausing between them so that
   * a host can answer other requests meanwhile; the other formats are read in one go.
   * `parsed`: the host's JSON parse of the same text; `state`: what the analyses of earlier
   * versions of an open document kept.
   */
  analyze(text: string, options: AnalyzeOptions, parsed?: ParsedDocument, state?: DocumentState): Steps<AnalysisResult>;
  /** Writes edits into the text, laid out as the format's own formatter lays them out. */
  applyEdits(text: string, edits: readonly TextEdit[]): string;
  /** Where that layout of an edit can reach, for writing quick fixes one at a time; the whole text when absent. */
  readonly layoutWindows?: LayoutWindows;
  /**
   * How an editor serves the file: `document`, the whole file is a configuration read as a JSON
   * tree (every editor feature); `members`, configurations sit inside a file of another language
   * (hover, inlay hints, completion and fixes answer inside them, nothing outside); `requests`,
   * request files with their own features.
   */
  readonly editing: 'document' | 'members' | 'requests';
  /**
   * Values may come from the variables of the file's module (`var.x`): a host gives the module's
   * other files as `terraformVariables` (the CLI from disk, the language server through its runtime).
   */
  readonly moduleVariables?: boolean;
  /** Whether reading this text needs the HCL parser (WebAssembly), which a host loads first. */
  needsHclParser?(text: string): boolean;
  /** The line comment a suppression comment is written in (`#`); none where the syntax has no comments. */
  readonly lineComment?: CommentMarker;
  /** Completion at `offset` for `members` formats; undefined where no member can start. */
  complete?(text: string, offset: number, options: MemberCompletionOptions, kept?: DocumentState): EditorCompletion[] | undefined;
  /**
   * What a directory search finds of a file of this name besides the configuration patterns of
   * .search-lint.json (which find JSON configurations and request files); undefined: nothing more.
   */
  searched?(fileName: string): SearchedFile | undefined;
}

/**
 * A file a directory search lints: `always`; when its bytes hold an ASCII text (`bytes`: searched without
 * decoding, and a broken link to such a file is reported, since what it would hold cannot be known); or
 * when its text passes a test (`text`). The host reads the file; the test is the format's.
 */
export type SearchedFile = { kind: 'always' } | { kind: 'bytes'; holds: string } | { kind: 'text'; holds: (text: string) => boolean };

/** A Terraform file, in HCL or in JSON, is linted when it holds the block: JSON writes its name as those bytes too. */
const HOLDING_THE_BLOCK: SearchedFile = { kind: 'bytes', holds: CONFIGURATION_BLOCK };
const ALWAYS: SearchedFile = { kind: 'always' };
/** A YAML file: a `*.search.yaml` configuration, or manifests when one names `kind: Search`. */
const MANIFESTS: SearchedFile = { kind: 'text', holds: holdsManifest };

export interface MemberCompletionOptions {
  snippets: boolean;
  fileName?: string;
  maxDepth?: number;
}

/** A format read in one go, as a generator that never pauses. */
const inOneGo = (read: (text: string, options: AnalyzeOptions, parsed?: ParsedDocument, state?: DocumentState) => AnalysisResult) =>
  function* (text: string, options: AnalyzeOptions, parsed?: ParsedDocument, state?: DocumentState): Steps<AnalysisResult> {
    return read(text, options, parsed, state);
  };

const requests: FormatHandler = {
  id: 'requests',
  syntaxName: 'request file',
  recognises: (fileName) => requestFileKind(fileName) !== undefined,
  *analyze(text, options) {
    const { findings, suppressed } = yield* analyzeRequestSteps(
      text,
      requestFileKind(options.fileName)!,
      options,
      severityOf('blocked-endpoint', options),
      severityOf('unused-suppression', options),
      severityOf('input-limit', options),
    );
    return {
      findings,
      format: 'requests',
      configurations: [],
      syntaxErrors: 0,
      doc: parseDocument('', {}),
      internalErrors: [],
      ...(suppressed.length ? { suppressed } : {}),
    };
  },
  applyEdits,
  editing: 'requests',
};

const terraform: FormatHandler = {
  id: 'terraform',
  syntaxName: 'Terraform',
  recognises: isTerraformName,
  analyze: inOneGo((text, options, _parsed, state) => analyzeTerraform(text, options, state)),
  // HCL is aligned as terraform fmt aligns it.
  applyEdits: (text, edits) => applyTerraformEdits(text, edits),
  layoutWindows,
  editing: 'members',
  moduleVariables: true,
  needsHclParser: () => true,
  lineComment: '#',
  complete: (text, offset, options, kept) => terraformCompletionAt(text, offset, options, kept),
  searched: () => HOLDING_THE_BLOCK,
};

const terraformJson: FormatHandler = {
  id: 'terraform-json',
  syntaxName: 'JSON',
  recognises: isTerraformJsonName,
  analyze: inOneGo((text, options) => analyzeTerraformJson(text, options)),
  // Terraform's JSON syntax is JSON, laid out as written.
  applyEdits,
  editing: 'members',
  moduleVariables: true,
  // JSON needs no HCL parser, except for the variables that the module's .tf files declare.
  needsHclParser: (text) => text.includes('var.'),
  searched: () => HOLDING_THE_BLOCK,
};

const yaml: FormatHandler = {
  id: 'yaml',
  syntaxName: 'YAML',
  recognises: isYamlName,
  analyze: inOneGo((text, options, _parsed, state) => analyzeYaml(text, options, state)),
  applyEdits,
  editing: 'members',
  lineComment: '#',
  complete: (text, offset, options) => yamlCompletions(text, offset, options),
  searched: (fileName) => (isSearchYamlName(fileName) ? ALWAYS : MANIFESTS),
};

/** JSON takes whatever no other format recognises: a configuration, a plan, or a file it says it does not read. */
const json: FormatHandler = {
  id: 'json',
  syntaxName: 'JSON',
  recognises: () => true,
  analyze: inOneGo((text, options, parsed) => analyzeJson(text, options, parsed)),
  applyEdits,
  editing: 'document',
};

/** In the order they are asked: the first that recognises a name reads the file. */
export const FORMATS: readonly FormatHandler[] = [requests, terraform, terraformJson, yaml, json];

/**
 * The handler of the format a file of this name is in. The last answer is kept: a run asks it of
 * the same name several times in a row (the search, the reader, the report), a thousand files over.
 */
let lastAsked: { name: string | undefined; handler: FormatHandler } | undefined;
export function formatOf(fileName: string | undefined): FormatHandler {
  if (lastAsked !== undefined && lastAsked.name === fileName) return lastAsked.handler;
  const handler = FORMATS.find((f) => f.recognises(fileName)) ?? json;
  lastAsked = { name: fileName, handler };
  return handler;
}

/** Whether a name says which format its file is in: an extension a format reads, or `.json` / `.jsonc`. */
export const namesItsFormat = (fileName: string | undefined): boolean =>
  !!fileName && (/\.jsonc?$/i.test(fileName) || FORMATS.some((f) => f !== json && f.recognises(fileName)));

/**
 * The name a text is read under: its own when that says its format, otherwise (standard input without a
 * name, `rendered.txt`, `manifests`) the name its content gives, as for unnamed standard input (see nameForContent).
 */
export const readingName = (fileName: string | undefined, text: string): string =>
  fileName !== undefined && namesItsFormat(fileName) ? fileName : nameForContent(text);
