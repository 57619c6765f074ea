import path from 'node:path';
import fs from 'node:fs';

/**
 * The repository's root, wherever the built test runs from (dist/test and its folders): the nearest
 * folder above this bundle that holds the project's package.json.
 */
function findRepo(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'schemas'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no repository above ${__dirname}`);
  }
}

export const REPO = findRepo();
