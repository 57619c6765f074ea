// The previous release, built from git into a temporary directory, so that every benchmark run measures it
// beside the working tree's code, on the same machine, in the same minutes.
//
// Which ref: `--against REF` if given; otherwise the newest tag; without any tag, the commit that wrote
// the newest release heading (`## [x.y.z] - date`) into CHANGELOG.md, which is the commit released.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const git = (root, argv) => spawnSync('git', argv, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });

/** The ref to compare with and why it was chosen: { ref, commit, how } or { error }. */
export function resolveAgainst(root, asked) {
  const commitOf = (ref) => {
    const r = git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    return r.status === 0 ? r.stdout.trim() : undefined;
  };
  if (asked) {
    const commit = commitOf(asked);
    return commit
      ? { ref: asked, commit, how: 'given with --against' }
      : { notFound: true, error: `--against ${asked}: no such commit in this repository (a shallow clone, or tags not fetched?)` };
  }
  const tag = git(root, ['describe', '--tags', '--abbrev=0']);
  if (tag.status === 0 && tag.stdout.trim()) {
    const ref = tag.stdout.trim();
    const commit = commitOf(ref);
    if (commit) return { ref, commit, how: 'the newest tag' };
  }
  const changelog = fs.existsSync(path.join(root, 'CHANGELOG.md')) ? fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8') : '';
  const heading = /^## \[(\d+\.\d+\.\d+[^\]]*)\][^\n]*$/m.exec(changelog);
  if (heading) {
    // The oldest commit whose CHANGELOG.md has this heading: the one that wrote it.
    const log = git(root, ['log', '--format=%H', '--reverse', '-S', heading[0], '--', 'CHANGELOG.md']);
    const commit = log.status === 0 ? log.stdout.split('\n').find(Boolean) : undefined;
    // In a shallow clone the oldest commit fetched seems to write every line: it is not the release.
    if (commit && !shallowBoundary(root).has(commit))
      return { ref: `v${heading[1]}`, commit, how: `no tag: the commit that wrote "${heading[0]}" into CHANGELOG.md` };
  }
  // A clone without tags whose history does not reach the release (shallow), or no release yet.
  const why = heading
    ? `no tag, and no commit in this clone's history wrote "${heading[0]}" into CHANGELOG.md (a shallow clone?)`
    : 'no tag and no release heading in CHANGELOG.md';
  return { notFound: true, error: `${why}: fetch the tags (git fetch --tags) or give --against REF` };
}

/** The commits whose parents a shallow clone did not fetch (none in a full clone). */
function shallowBoundary(root) {
  const file = git(root, ['rev-parse', '--git-path', 'shallow']);
  const at = file.status === 0 ? path.resolve(root, file.stdout.trim()) : undefined;
  return new Set(at && fs.existsSync(at) ? fs.readFileSync(at, 'utf8').split('\n').filter(Boolean) : []);
}

/** Whether every package the ref's lock file pins is installed here at the same version. */
function sameDependencies(root, refLock) {
  let lock;
  try {
    lock = JSON.parse(refLock);
  } catch {
    return false;
  }
  const here = path.join(root, 'node_modules');
  return Object.entries(lock.packages ?? {}).every(([p, info]) => {
    if (!p.startsWith('node_modules/')) return true;
    try {
      return JSON.parse(fs.readFileSync(path.join(root, p, 'package.json'), 'utf8')).version === info.version;
    } catch {
      return !!info.optional;
    }
  });
}

/**
 * Writes the ref's tree into a temporary directory (git archive), gives it dependencies (the working
 * tree's node_modules when the ref's lock file pins nothing else, `npm ci --ignore-scripts` otherwise) and
 * runs its own build. Returns { dir, bin, ref, commit, how, dependencies, buildMs } or { error }.
 */
export function buildAgainst(root, asked, log = () => {}) {
  const chosen = resolveAgainst(root, asked);
  if (chosen.error) return chosen;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-against-'));
  const start = Date.now();
  const archive = spawnSync('sh', ['-c', `git archive --format=tar "$1" | tar -x -C "$2"`, 'sh', chosen.commit, dir], {
    cwd: root,
    encoding: 'utf8',
  });
  if (archive.status !== 0) return { ...chosen, error: `git archive ${chosen.ref} failed: ${archive.stderr.slice(0, 300)}` };
  let dependencies;
  if (sameDependencies(root, fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8'))) {
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    dependencies = "the working tree's node_modules (same versions)";
  } else {
    log(`  installing the dependencies of ${chosen.ref} (npm ci --ignore-scripts) ...`);
    const ci = spawnSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8' });
    if (ci.status !== 0) return { ...chosen, dir, error: `npm ci in ${chosen.ref} failed: ${ci.stderr.slice(-300)}` };
    dependencies = 'npm ci --ignore-scripts';
  }
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: dir, encoding: 'utf8' });
  if (build.status !== 0) return { ...chosen, dir, error: `the build of ${chosen.ref} failed: ${build.stderr.slice(-300)}` };
  return { ...chosen, dir, bin: path.join(dir, 'bin/search-config.js'), dependencies, buildMs: Date.now() - start };
}

export function removeAgainst(built) {
  if (built?.dir && built.dir.startsWith(os.tmpdir())) fs.rmSync(built.dir, { recursive: true, force: true });
}
