import { partitionPoint } from './bisect';
import type { OffsetRange } from './types';

/**
 * What rules and helpers need to know about the whole text of a file, worked out once per file on
 * first use. A file may hold thousands of configurations (the resources of a plan or of a `.tf`
 * file, the documents of a manifest), each checked on its own: a scan of the whole text per
 * configuration makes the time grow with configurations × size (minutes for a large plan, seconds
 * per keystroke in the editor). Ask the file's facts instead of reading `doc.text` whole.
 */
export class FileFacts {
  private readonly found = new Map<string, boolean>();
  private readonly derived = new Map<string, unknown>();
  private longDigitRun: boolean | undefined;

  constructor(public text: string) {}

  /** Whether the text holds `part` anywhere. */
  includes(part: string): boolean {
    let known = this.found.get(part);
    if (known === undefined) this.found.set(part, (known = this.text.includes(part)));
    return known;
  }

  /** Whether a run of 19 digits or more is written anywhere (an integer above 2^63-1 needs one). */
  get hasLongDigitRun(): boolean {
    return (this.longDigitRun ??= /\d{19}/.test(this.text));
  }

  /** The line break that text added to the file uses: CRLF when the file has one anywhere. */
  get eol(): string {
    return this.includes('\r\n') ? '\r\n' : '\n';
  }

  /** `compute(text)`, once per file and `name` (a fact of one format's, such as its indentation step). */
  once<T>(name: string, compute: (text: string) => T): T {
    if (this.derived.has(name)) return this.derived.get(name) as T;
    const value = compute(this.text);
    this.derived.set(name, value);
    return value;
  }
}

/**
 * The facts of the texts asked about last, newest first. The configurations of a file are checked
 * one after the other, and each asks with the same string (the document's text), which is found
 * at once; a few are kept for a host that checks a file against its baseline.
 */
const recent: FileFacts[] = [];
const REMEMBERED = 4;

/** The facts of a file's text (`doc.text`), worked out once per file. */
export function factsOf(text: string): FileFacts {
  for (let i = 0; i < recent.length; i++) {
    const facts = recent[i];
    if (facts.text !== text) continue;
    // Equal text held in another string (the same file read again) is compared character by character:
    // holding the caller's string makes its next look-ups, one per configuration, a comparison of two
    // references.
    facts.text = text;
    if (i > 0) {
      recent.splice(i, 1);
      recent.unshift(facts);
    }
    return facts;
  }
  const facts = new FileFacts(text);
  recent.unshift(facts);
  if (recent.length > REMEMBERED) recent.pop();
  return facts;
}

/**
 * The items of `sorted` (ordered by offset) that start within `range`, by binary search: a file's
 * comments or syntax problems are found once, and each configuration takes its own share of them
 * without a pass over the whole list.
 */
export function startingWithin<T extends { offset: number }>(sorted: readonly T[], range: OffsetRange): T[] {
  const first = firstAtOrAfter(sorted, range.offset);
  const end = firstAtOrAfter(sorted, range.offset + range.length + 1);
  return sorted.slice(first, end);
}

const firstAtOrAfter = (sorted: readonly { offset: number }[], offset: number): number =>
  partitionPoint(sorted.length, (i) => sorted[i].offset < offset);
