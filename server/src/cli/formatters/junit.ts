import type { Formatter } from './types';

/** XML 1.0 escapes; characters XML cannot carry at all (control characters, lone surrogates) become U+FFFD. */
export function escapeXml(s: string): string {
  return (
    s
      .replace(
        /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
        '\uFFFD',
      )
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // A parser turns a raw line break or tab inside an attribute into a space: keep them as references.
      .replace(/\n/g, '&#10;')
      .replace(/\r/g, '&#13;')
      .replace(/\t/g, '&#9;')
  );
}

/** JUnit XML: a test suite per file, a failing test case per finding, a passing one for a clean file. */
const junit: Formatter = (reports) => {
  const all = reports.flatMap((r) => r.findings);
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const totalTests = reports.reduce((n, r) => n + Math.max(1, r.findings.length), 0);
  out.push(`<testsuites name="search-config" tests="${totalTests}" failures="${all.length}" errors="0">`);
  for (const r of reports) {
    const file = escapeXml(r.displayPath);
    out.push(
      `  <testsuite name="${file}" tests="${Math.max(1, r.findings.length)}" failures="${r.findings.length}" errors="0" skipped="0">`,
    );
    if (!r.findings.length) out.push(`    <testcase name="${file}" classname="${file}"/>`);
    for (const f of r.findings) {
      const where = `${f.range.start.line + 1}:${f.range.start.character + 1}`;
      out.push(`    <testcase name="${escapeXml(`${where} ${f.ruleId}`)}" classname="${file}">`);
      out.push(
        `      <failure type="${f.severity}" message="${escapeXml(f.message)}">${escapeXml(`${f.severity} at ${r.displayPath}:${where} (${f.path || 'top level'}): ${f.message} [${f.ruleId}]`)}</failure>`,
      );
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
};
export default junit;
