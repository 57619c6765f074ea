/**
 * The sensitive values of the document being described now (see sensitive.ts, which gathers them). A
 * module of its own, which imports nothing, so that values.ts (whose `show` never prints one of them) and
 * sensitive.ts (which reads values with values.ts) do not import each other.
 */

export type SensitiveValues = ReadonlySet<string | number>;

export const NO_SENSITIVE_VALUES: SensitiveValues = new Set();

let current: SensitiveValues = NO_SENSITIVE_VALUES;

/** The sensitive values of the document being described now (see `describing`). */
export const currentSensitive = (): SensitiveValues => current;

/** True when `v` is one of the values that must not be shown now. */
export const isSensitiveValue = (v: unknown): boolean =>
  current.size > 0 && (typeof v === 'string' || typeof v === 'number') && current.has(v);

/**
 * Makes `values` the current sensitive values until the function returned is called, which puts
 * the previous ones back. The core is synchronous: nothing else runs in between.
 */
export function enterSensitive(values: SensitiveValues): () => void {
  const before = current;
  current = values;
  return () => {
    current = before;
  };
}

/** Runs `work` with `values` as the current sensitive values, and puts the previous ones back however it ends. */
export function describing<T>(values: SensitiveValues, work: () => T): T {
  const leave = enterSensitive(values);
  try {
    return work();
  } finally {
    leave();
  }
}

export const SENSITIVE_MASK = '(a hidden sensitive value)';
