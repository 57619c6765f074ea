/**
 * CPU time this process spends in `fn`, in ms. Unlike wall-clock time it does not grow when other
 * processes load the machine, so a generous bound on it catches algorithmic blow-ups (catastrophic
 * backtracking, quadratic loops: orders of magnitude) without flaking on a busy CI machine.
 * Speed itself is measured by the benchmark, never here.
 */
export function cpuTimed<T>(fn: () => T): { value: T; ms: number } {
  const before = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(before);
  return { value, ms: (used.user + used.system) / 1000 };
}

/** The process's CPU time in ms, for timing operations that await (same reasoning as above). */
export const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
