import { pathToFileURL } from 'node:url';
import type * as Sarif from 'sarif';
import { RULES, ruleDocUrl, type Finding, type Severity } from '../../core';
import type { FileReport, Formatter } from './types';

const LEVEL: Record<Severity, Sarif.ReportingConfiguration.level> = { error: 'error', warning: 'warning', info: 'note', hint: 'note' };

function ruleDescriptors(): Sarif.ReportingDescriptor[] {
  return RULES.map((r) => {
    // The catalogue's address (the editor links to the same); the package does not carry docs/rules.md:
    // it is rendered from the rules' metadata, which `explain` prints offline.
    const uri = ruleDocUrl(r.meta.id);
    return {
      id: r.meta.id,
      name: r.meta.id,
      shortDescription: { text: r.meta.summary },
      fullDescription: { text: r.meta.details, markdown: r.meta.details },
      help: {
        text: `${r.meta.details}\n\nSee ${uri}, or run search-config explain ${r.meta.id}.`,
        markdown: `${r.meta.details}\n\nSee [${r.meta.id}](${uri}), or run \`search-config explain ${r.meta.id}\`.`,
      },
      defaultConfiguration: { level: LEVEL[r.meta.defaultSeverity] },
      properties: { fixable: r.meta.fixable, defaultSeverity: r.meta.defaultSeverity },
      helpUri: uri,
    };
  });
}

/** SARIF 2.1.0: every rule's metadata, one result per finding, paths relative to the working directory. */
const sarif: Formatter = (reports, ctx) => {
  const ruleIndex = new Map(RULES.map((r, i) => [r.meta.id, i]));
  const results: Sarif.Result[] = [];
  const resultOf = (r: FileReport, f: Finding): Sarif.Result => {
    const result: Sarif.Result = {
      ruleId: f.ruleId,
      level: LEVEL[f.severity],
      message: { text: f.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: uriOf(r.displayPath), uriBaseId: '%SRCROOT%' },
            region: {
              startLine: f.range.start.line + 1,
              startColumn: f.range.start.character + 1,
              endLine: f.range.end.line + 1,
              endColumn: f.range.end.character + 1,
            },
          },
          ...(f.path ? { logicalLocations: [{ fullyQualifiedName: f.path, kind: 'member' }] } : {}),
        },
      ],
      properties: { severity: f.severity },
    };
    const index = ruleIndex.get(f.ruleId);
    if (index !== undefined) result.ruleIndex = index;
    return result;
  };
  for (const r of reports) {
    for (const f of r.findings) results.push(resultOf(r, f));
    // Silenced by a comment in the file: listed as such, with the comment's reason, as SARIF viewers expect.
    for (const s of r.suppressed ?? []) {
      results.push({
        ...resultOf(r, s.finding),
        suppressions: [s.justification ? { kind: 'inSource', justification: s.justification } : { kind: 'inSource' }],
      });
    }
  }
  const root = pathToFileURL(ctx.cwd).href.replace(/\/?$/, '/');
  const log: Sarif.Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'search-config', version: ctx.version, semanticVersion: ctx.version, rules: ruleDescriptors() } },
        originalUriBaseIds: { '%SRCROOT%': { uri: root } },
        artifacts: reports.map((r) => ({ location: { uri: uriOf(r.displayPath), uriBaseId: '%SRCROOT%' } })),
        results,
        columnKind: 'utf16CodeUnits',
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
};
export default sarif;

/**
 * A file's path as a URI reference: each segment encoded whole, so that a `#` or `?` in a name is part of
 * the name (encodeURI leaves them, and a viewer would read a fragment or a query) and a `:` in the first
 * segment is no scheme.
 */
function uriOf(displayPath: string): string {
  return displayPath
    .split(/[\\/]/)
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}
