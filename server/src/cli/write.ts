import fs from 'node:fs';
import path from 'node:path';

/**
 * Replaces a file's content atomically: the new text goes to a temporary file in the same
 * directory (same file system, so the rename is atomic), which takes the original's mode
 * and is then renamed over it. A crash leaves either the old or the new file, never half of one.
 */
export function writeFileAtomic(target: string, text: string): void {
  // Write through a symbolic link to the file it names, so the link stays a link.
  let file = target;
  try {
    file = fs.realpathSync(target);
  } catch {
    /* a new file */
  }
  const dir = path.dirname(file);
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(file);
  } catch {
    stat = undefined;
  }
  const mode = stat ? stat.mode & 0o7777 : undefined;
  // The name only has to be unlikely to exist: the exclusive open below refuses one that does.
  // (Math.random rather than node:crypto, which would cost every start of the CLI to load.)
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
  let fd: number | undefined;
  try {
    fd = fs.openSync(tmp, 'wx', mode ?? 0o666);
    fs.writeFileSync(fd, text, 'utf8');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    // openSync applies the umask; chmod gives the temporary file exactly the original's mode.
    if (mode !== undefined) fs.chmodSync(tmp, mode);
    if (stat && process.getuid?.() === 0) {
      try {
        fs.chownSync(tmp, stat.uid, stat.gid);
      } catch {
        /* keep going: content matters more */
      }
    }
    fs.renameSync(tmp, file);
  } catch (err) {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        /* already failing */
      }
    }
    try {
      fs.unlinkSync(tmp);
    } catch {
      /* nothing to clean */
    }
    throw err;
  }
}

/** Writes a report file, creating its directory as needed. */
export function writeReport(file: string, text: string): void {
  makeDirectory(path.dirname(path.resolve(file)));
  fs.writeFileSync(file, text, 'utf8');
}

/**
 * Creates a directory and the missing ones above it, one level at a time from the nearest that exists.
 * (A recursive mkdirSync loops for ever below some paths of a virtual file system, such as /proc/x/y
 * on Node 20; a file where a directory is needed is said as such.)
 */
function makeDirectory(dir: string): void {
  const missing: string[] = [];
  let at = dir;
  for (;;) {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(at);
    } catch {
      stat = undefined;
    }
    if (stat) {
      if (!stat.isDirectory()) throw Object.assign(new Error(`${at} is not a directory`), { code: 'ENOTDIR' });
      break;
    }
    const parent = path.dirname(at);
    if (parent === at) break;
    missing.push(at);
    at = parent;
  }
  for (const d of missing.reverse()) fs.mkdirSync(d);
}
