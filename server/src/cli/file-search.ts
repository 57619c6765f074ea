import fs from 'node:fs';

/** Bytes read at a time when a file is searched for a name; most files of a repository fit in one read. */
const CHUNK = 64 * 1024;
/** Reused by every search: a repository of hundreds of files would otherwise allocate a buffer for each. */
let shared: Buffer | undefined;

/**
 * Whether the file's bytes hold `needle` (ASCII), read in chunks into one reused buffer. The last
 * bytes of a chunk are carried to the start of the next, so a needle across a chunk boundary is found.
 * False when the file cannot be read (the lint of an explicit path says why).
 */
export function fileHoldsAscii(file: string, needle: string, chunkSize = CHUNK): boolean {
  const wanted = Buffer.from(needle, 'latin1');
  const keep = wanted.length - 1;
  const size = Math.max(chunkSize, wanted.length) + keep;
  if (shared?.length !== size) shared = Buffer.allocUnsafe(size);
  const buf = shared;
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return false;
  }
  try {
    let carried = 0;
    for (;;) {
      const n = fs.readSync(fd, buf, carried, size - carried, null);
      if (n === 0) return false;
      const end = carried + n;
      if (buf.subarray(0, end).includes(wanted)) return true;
      // Too short to hold the needle now: whatever is there may begin it.
      carried = Math.min(keep, end);
      buf.copy(buf, 0, end - carried, end);
    }
  } catch {
    return false;
  } finally {
    fs.closeSync(fd);
  }
}
