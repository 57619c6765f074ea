import { mayHoldDirectives } from '../../suppress';
import { checkConfiguration, directiveScanOf, severityOf, sortFindings, suppressIn, type AnalysisResult } from '../../check';
import { baselineReader } from '../baseline';
import { clampToText } from '../../lines';
import { parseDocument } from '..';
import { OPERATOR_GROUP, parseYamlFile, type YamlDocument } from './document';
import { kubectlRefusals } from './kubectl-split';
import { SEARCH_KIND_LINE } from './names';
import { yamlSyntaxMessage } from '../../rules/invalid-json';
import type { DocumentState } from '../../document-state';
import { DEFAULT_MAX_DEPTH, type AnalyzeOptions, type Finding, type Severity } from '../../types';

/**
 * A YAML file: a `*.search.yaml` document is a configuration, and so is the `spec.userConfig` of
 * every `kind: Search` manifest document; each is checked by the same rules, and a finding names
 * the document (`Search/<metadata.name>`) before the field.
 */
export function analyzeYaml(text: string, options: AnalyzeOptions, state?: DocumentState): AnalysisResult {
  const findings: Finding[] = [];
  const internalErrors: AnalysisResult['internalErrors'] = [];
  const empty = parseDocument('', {});
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  // In an editor, a file with a kind: Search line is one the user means as ours: it is treated as named.
  const named = options.named === true || (options.named === 'when-ours' && SEARCH_KIND_LINE.test(text));
  const file = parseYamlFile(text, options.fileName, maxDepth, state?.yaml, named);
  const fileFinding = (ruleId: string, severity: Severity, message: string, at: number, size: number, fatal?: true): void => {
    // The YAML parser places an error about a missing end (`[true` at the end of the file) one past the text.
    const { offset, length } = clampToText(text, at, size);
    findings.push({
      ruleId,
      severity,
      message,
      path: '',
      offset,
      length,
      range: file.lines.rangeOf(offset, length),
      ...(fatal && { fatal }),
    });
  };
  const limitSeverity = severityOf('input-limit', options);
  if (file.template !== undefined) {
    // A Helm chart's template is YAML only once rendered: what it holds is not known here.
    if (limitSeverity !== 'off') {
      const line = file.lines.positionAt(file.template).line + 1;
      fileFinding(
        'input-limit',
        'info',
        `The file is a template ({{ }} at line ${line}, as in a Helm chart): its values are known only once it is rendered, so it was not analysed. Lint the rendered manifests instead: helm template . | search-config lint --stdin-filename rendered.yaml -`,
        file.template,
        2,
      );
    }
    return { findings, format: 'yaml', configurations: [], syntaxErrors: 0, work: 0, doc: empty, internalErrors };
  }
  if (file.tooDeep) {
    if (limitSeverity !== 'off')
      fileFinding(
        'input-limit',
        limitSeverity,
        `Lists and maps are nested ${file.tooDeep.depth} levels deep here, more than the ${maxDepth} levels the analyzer reads; the file was not analysed. A configuration is a few levels deep: check how this file was generated.`,
        file.tooDeep.offset,
        1,
      );
    return { findings, format: 'yaml', configurations: [], syntaxErrors: 0, work: 0, doc: empty, internalErrors };
  }
  if (limitSeverity !== 'off') for (const l of file.limits) fileFinding('input-limit', limitSeverity, l.message, l.offset, 1);
  // What was not read says so (always for a template document; in a file the user named, every reason).
  if (limitSeverity !== 'off')
    for (const s of file.skipped) if (s.always || named) fileFinding('input-limit', 'info', s.message, s.offset, s.length);
  const trapSeverity = severityOf('yaml-trap', options);
  // Manifests kubectl would refuse for how the file is cut into documents (said where one is read).
  if (trapSeverity !== 'off' && file.manifests && file.configurations.length)
    for (const r of kubectlRefusals(text)) fileFinding('yaml-trap', trapSeverity, r.message, r.offset, r.length);
  if (trapSeverity !== 'off')
    for (const d of file.ignoredAfterEnd) {
      const line = file.lines.positionAt(d.end).line + 1;
      fileFinding(
        'yaml-trap',
        trapSeverity,
        `${d.label}: this manifest follows the end marker ... at line ${line} without a --- line: YAML starts a document there, but kubectl, Helm and kustomize split a file at --- lines and read only the first document of each part, so they never apply it (it was not checked). Write --- in place of the ... line (or below it).`,
        d.end,
        3,
      );
    }
  const duplicateSeverity = severityOf('duplicate-key', options);
  if (duplicateSeverity !== 'off') {
    for (const r of file.repeated) {
      const first = file.lines.positionAt(r.occurrences[0].offset).line + 1;
      for (const o of r.occurrences.slice(1))
        fileFinding(
          'duplicate-key',
          duplicateSeverity,
          `${r.label}: "${r.key}" appears more than once in the manifest; line ${first} holds the first occurrence. YAML does not allow a key twice in one mapping, and kubectl apply refuses such a manifest: keep a single "${r.key}" (each block is checked here).`,
          o.offset,
          o.length,
        );
    }
  }
  // The same file as deployed: each document is compared with the one of the same kind and name there.
  const deployed = deployedOf(options);
  // Suppression comments speak for the file, from whichever document they are in (a disable at the top of
  // a file whose first document is a Namespace reaches the manifests below it).
  const directives = directiveScanOf(text, file.lines, file.configurations.length && mayHoldDirectives(text) ? file.comments() : []);
  for (const doc of file.configurations) {
    const own: Finding[] = [];
    const before = deployed?.get(doc.label);
    const baseline = before && { doc: before, value: before.value, label: options.baselineLabel ?? 'the baseline' };
    checkConfiguration(doc, options, baseline, own, internalErrors, undefined, directives);
    for (const f of own) {
      if (doc.label) f.message = `${doc.label}: ${f.message}`;
      findings.push(f);
    }
  }
  // Syntax problems outside every configuration that was read: they may be what kept one from being read.
  // Reported whatever the rule's setting (see Finding.fatal): kubectl refuses a document with a syntax error.
  {
    const covered = new Set(file.configurations.flatMap((d) => d.syntaxErrors.map((e) => e.offset)));
    for (const e of file.syntaxErrors) {
      if (covered.has(e.offset)) continue;
      covered.add(e.offset);
      fileFinding(
        'invalid-syntax',
        'error',
        yamlSyntaxMessage(e.code, text.slice(e.offset, e.offset + e.length)),
        e.offset,
        e.length,
        true,
      );
    }
  }
  // Not in an editor: there a file with a kind: Search line nested somewhere is not one the user means as a manifest.
  if (
    options.named === true &&
    !findings.length &&
    !file.configurations.length &&
    !file.skipped.length &&
    !file.syntaxErrors.length &&
    limitSeverity !== 'off'
  ) {
    fileFinding(
      'input-limit',
      'info',
      `No document of this file is a kind: Search manifest (apiVersion ${OPERATOR_GROUP}/...) with spec.userConfig, and its name does not end in .search.yaml: nothing in it was checked.`,
      0,
      0,
    );
  }
  const { findings: kept, suppressed } = suppressIn(text, file.lines, directives, findings, options);
  return {
    findings: sortFindings(kept),
    format: 'yaml',
    configurations: file.configurations,
    syntaxErrors: file.syntaxErrors.length,
    work: file.work,
    doc: empty,
    internalErrors,
    ...(suppressed.length ? { suppressed } : {}),
  };
}

export type { YamlDocument };

/** The same file as deployed, its documents by kind and name (read once while it stays the same). */
const deployedOf = baselineReader(
  (text, options) =>
    new Map(parseYamlFile(text, options.fileName, options.maxDepth ?? DEFAULT_MAX_DEPTH).configurations.map((d) => [d.label, d])),
);
