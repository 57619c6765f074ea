/**
 * The sensitive values of the document being described now (see sensitive.ts, which gathers them). A
 * module of its own, which imports nothing, so that values.ts (whose `show` never prints one of them) and
 * sensitive.ts (which reads values with values.ts) do not import each other.
 */

export type SensitiveValues = ReadonlySet<string | number>;

export const NO_SENSITIVE_VALUES: SensitiveValues = new Set();

let current: SensitiveValues = NO_SENSITIVE_VALUES;
/** What gathers the current values, until something first asks for them (see enterSensitive). */
let gather: (() => SensitiveValues) | undefined;

/** The sensitive values of the document being described now (see `describing`). */
export function currentSensitive(): SensitiveValues {
  if (gather) {
    current = gather();
    gather = undefined;
  }
  return current;
}

/** True when `v` is one of the values that must not be shown now. */
export const isSensitiveValue = (v: unknown): boolean => {
  if (typeof v !== 'string' && typeof v !== 'number') return false;
  const values = currentSensitive();
  return values.size > 0 && values.has(v);
};

/**
 * Makes `values` the current sensitive values until the function returned is called, which puts
 * the previous ones back. The core is synchronous: nothing else runs in between. Given as a function,
 * they are gathered when first asked for: the rules of a configuration with nothing to report never
 * describe a value, and most configurations a run reads are such.
 */
export function enterSensitive(values: SensitiveValues | (() => SensitiveValues)): () => void {
  const before = current;
  const beforeGather = gather;
  if (typeof values === 'function') {
    current = NO_SENSITIVE_VALUES;
    gather = values;
  } else {
    current = values;
    gather = undefined;
  }
  return () => {
    current = before;
    gather = beforeGather;
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
