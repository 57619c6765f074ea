/**
 * `TIMING=1 search-config lint ...`: after the report, the phases that took longest, summed over
 * every file, in the table ESLint prints for the same variable. `TIMING=all` lists every phase,
 * `TIMING=N` the N longest. Phases are `parse`, `schema` (the schema validator), each rule, and
 * `other` (the rest of the analysis). Written to standard error, so a report on standard output
 * (JSON, SARIF) stays readable by tools.
 */
export function timingTable(timings: ReadonlyMap<string, number>, setting: string): string {
  const rows = [...timings].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  const asked = Number.parseInt(setting, 10);
  const n = setting.toLowerCase() === 'all' ? rows.length : asked > 10 ? asked : 10;
  const shown = rows.slice(0, n).map(([name, ms]) => [name, ms.toFixed(3), `${total > 0 ? ((100 * ms) / total).toFixed(1) : '0.0'}%`]);
  const head = ['Rule or phase', 'Time (ms)', 'Relative'];
  const widths = head.map((h, i) => Math.max(h.length, ...shown.map((r) => r[i].length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ');
  // `:---|---:|---:` under ` | `-separated cells: left-aligned names, right-aligned numbers.
  const rule = widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w)}` : `${'-'.repeat(i === widths.length - 1 ? w : w + 1)}:`)).join('|');
  return [line(head), rule, ...shown.map(line), `Total of all phases: ${total.toFixed(3)} ms`, ''].join('\n');
}
