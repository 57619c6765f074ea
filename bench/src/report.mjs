// Turns the raw numbers into the targets table (ratios to the anchors of the same run) and a
// markdown report.
import { RELEASE_FLAG } from './lib/release-flag.mjs';

export { RELEASE_FLAG };

const fmt = (n, digits = 1) => (n === undefined || n === null || Number.isNaN(n) ? 'n/a' : n >= 100 ? n.toFixed(0) : n.toFixed(digits));
const med = (r) => r?.ms?.median;
const mib = (kib) => (kib === undefined ? 'n/a' : (kib / 1024).toFixed(1));

/**
 * One target: `value` compared with `limit` (both as ratios, ms or KiB). `kind` says how to
 * print them. Missing measurements make the target "not measured", never "met".
 */
function target(name, value, limit, kind, note) {
  if (value === undefined || value === null || Number.isNaN(value))
    return { name, status: 'not measured', value: undefined, limit, kind, note };
  const met = value <= limit;
  const by = value / limit;
  return { name, status: met ? 'met' : 'missed', value, limit, kind, by, note };
}

export function computeTargets(raw) {
  const wp = raw.wholeProcess;
  const t = (w, id) => wp?.[w]?.tools?.[id];
  const ratio = (a, b) => (med(a) && med(b) && !a.error && !b.error ? med(a) / med(b) : undefined);
  const lint = (w) => t(w, 'lint');
  const out = [];
  const n = raw.manifest.smallFiles.toLocaleString('en');
  out.push(
    target(
      `${n} small files, one process vs ajv-cli`,
      ratio(lint('small'), t('small', 'ajv')),
      0.4,
      'x',
      'ajv-cli is given the parseable files only (it stops at the first file that is not JSON)',
    ),
  );
  out.push(target(`${n} small files vs the language service as a process`, ratio(lint('small'), t('small', 'jsonls')), 0.4, 'x'));
  out.push(target(`${n} small files vs read + JSON.parse`, ratio(lint('small'), t('small', 'parse')), 1.5, 'x'));
  const h = raw.manifest.heavyFiles?.toLocaleString('en');
  // Measured in turn with the anchor (median of the pair ratios), when the run did so.
  const paired = (id, fallback) => {
    const p = raw.targetPairs?.[id];
    return p && !p.error
      ? {
          value: p.ratio.median,
          note: `in turn with it, median of ${p.ratio.n} pair ratios (wall time; CPU time ${fmt(p.cpuRatio?.median, 2)}x)`,
        }
      : { value: fallback, note: 'medians measured apart' };
  };
  const heavyAjv = paired('heavyVsAjv', ratio(lint('heavy'), t('heavy', 'ajv')));
  out.push(
    target(
      `${h} findings-heavy small files vs \`ajv-cli --all-errors\``,
      heavyAjv.value,
      0.8,
      'x',
      [
        lint('heavy')?.findings !== undefined
          ? `${(lint('heavy').findings / raw.manifest.heavyFiles).toFixed(2)} findings per file`
          : undefined,
        heavyAjv.note,
      ]
        .filter(Boolean)
        .join('; '),
    ),
  );
  const oneNode = paired('oneVsNode', ratio(lint('one'), t('one', 'node')));
  out.push(target('one small file, cold, vs `node -e 0`', oneNode.value, 1.3, 'x', oneNode.note));
  out.push(target('1 MB file vs read + JSON.parse', ratio(lint('mb1'), t('mb1', 'parse')), 1.5, 'x'));
  const located10 = lint('mb10')?.located?.filter((l) => /^\d+:\d+/.test(l) && !l.startsWith('1:1 ')) ?? [];
  out.push(
    target(
      '10 MB file vs read + JSON.parse (findings located)',
      ratio(lint('mb10'), t('mb10', 'parse')),
      2,
      'x',
      located10.length ? `findings at ${located10.slice(0, 3).join(', ')}` : 'no located finding seen',
    ),
  );
  for (const [id, w, label, limit] of [
    ['mb1HeavyVsParse', 'mb1Heavy', '1 MB', 1.5],
    ['mb10HeavyVsParse', 'mb10Heavy', '10 MB', 2],
  ]) {
    const p = paired(id, ratio(lint(w), t(w, 'parse')));
    out.push(
      target(
        `${label} findings-heavy file vs read + JSON.parse`,
        p.value,
        limit,
        'x',
        [lint(w)?.findings !== undefined ? `${lint(w).findings.toLocaleString('en')} findings` : undefined, p.note]
          .filter(Boolean)
          .join('; '),
      ),
    );
  }
  const keys = raw.manifest.sizes.keys;
  const unknown = lint('keysUnknown');
  const every = unknown && !unknown.error ? (unknown.byRule?.['unknown-field'] ?? 0) >= keys : false;
  out.push(
    target(
      `${keys.toLocaleString('en')} unknown keys: every finding, whole process (ms)`,
      every ? med(unknown) : undefined,
      2000,
      'ms',
      unknown && !unknown.error
        ? `${(unknown.byRule?.['unknown-field'] ?? 0).toLocaleString('en')} unknown-field findings of ${keys.toLocaleString('en')}`
        : unknown?.error,
    ),
  );
  const deep = lint('deep');
  const clear = deep && !deep.error && deep.exitCode !== null && deep.findings >= 1;
  out.push(
    target(
      `${raw.manifest.sizes.depth.toLocaleString('en')} levels of nesting: a clear finding, no crash (ms)`,
      clear ? med(deep) : undefined,
      500,
      'ms',
      deep ? `rules: ${Object.keys(deep.byRule ?? {}).join(', ') || 'none'}` : undefined,
    ),
  );
  const ip = raw.inProcess ?? {};
  const warmRatio = ip.warmCore && ip.warmJsonls ? ip.warmCore.totalMs / ip.warmJsonls.totalMs : undefined;
  out.push(target('warm analysis vs language service parse + validate (in process)', warmRatio, 0.5, 'x'));
  out.push(target('completion p99 on a typical configuration (ms)', ip.completion?.p99, 1, 'ms', ip.completion?.missing));
  out.push(target('hover p99 on a typical configuration (ms)', ip.hover?.p99, 1, 'ms', ip.hover?.missing));
  const lsp = raw.lsp ?? {};
  out.push(
    target(
      'isolated edit of the 1 MB document to fresh diagnostics, server (ms, median)',
      lsp.mb1EditToDiagnosticsMs?.median,
      50,
      'ms',
      lsp.missing ?? lsp.error ?? (ip.mb1EditAnalysisMs ? `analysis alone in process: ${fmt(ip.mb1EditAnalysisMs.median)} ms` : undefined),
    ),
  );
  const ajvRss = t('small', 'ajv')?.peakRssKiB,
    lintRss = lint('small')?.error ? undefined : lint('small')?.peakRssKiB;
  out.push(
    target(
      `peak memory on ${n} files vs ajv-cli`,
      lintRss && ajvRss ? lintRss / ajvRss : undefined,
      1,
      'x',
      lintRss && ajvRss ? `${mib(lintRss)} MiB vs ${mib(ajvRss)} MiB` : undefined,
    ),
  );
  const pkg = raw.npmPackage ?? {};
  out.push(
    target(
      'npm tarball, packed (KB)',
      pkg.packedBytes !== undefined ? pkg.packedBytes / 1000 : undefined,
      400,
      'KB',
      pkg.error ??
        (pkg.unpackedBytes
          ? `${fmt(pkg.unpackedBytes / 1000)} KB unpacked in ${pkg.files} files; install into an empty project ${fmt(pkg.installMs?.median)} ms`
          : undefined),
    ),
  );
  out.push(
    target(
      'one small file, cold, `npx search-config lint` from the installed tarball vs `node -e 0`',
      ratio(pkg.npx, pkg.node),
      1.3,
      'x',
      pkg.npx && !pkg.error
        ? `npx itself (\`npx node -e 0\`) takes ${fmt(med(pkg.npxAlone))} ms of the ${fmt(med(pkg.npx))} ms; the installed bin run directly: ${fmt(ratio(pkg.direct, pkg.node), 2)}x`
        : pkg.error,
    ),
  );
  out.push(target('one small file, cold, the installed bin run directly vs `node -e 0`', ratio(pkg.direct, pkg.node), 1.3, 'x'));
  out.push(...terraformTargets(raw));
  out.push(...kubernetesTargets(raw));
  out.push(target('`.vsix` size (KB)', raw.vsix?.bytes !== undefined ? raw.vsix.bytes / 1000 : undefined, 550, 'KB', raw.vsix?.error));
  const wk = raw.worker ?? {};
  const wkNote = wk.missing ?? wk.error;
  const wkRatio = (k) => (wk.worker?.[k] && wk.node?.[k] ? wk.worker[k].median / wk.node[k].median : undefined);
  out.push(
    target(
      'opening a typical configuration to its diagnostics, running server: web worker vs Node process',
      wkRatio('warm'),
      1,
      'x',
      wkNote ?? `${fmt(wk.worker?.warm?.median, 2)} ms vs ${fmt(wk.node?.warm?.median, 2)} ms (median of ${wk.worker?.warm?.n})`,
    ),
  );
  out.push(
    target(
      'starting the server to the first diagnostics: web worker vs Node process',
      wkRatio('cold'),
      1,
      'x',
      wkNote ?? `${fmt(wk.worker?.cold?.median)} ms vs ${fmt(wk.node?.cold?.median)} ms (median of ${wk.worker?.cold?.n})`,
    ),
  );
  out.push(target('loading the server bundle (ms, median)', lsp.loadMs?.median, 40, 'ms', lsp.missing ?? lsp.loadMs?.error));
  return out;
}

/** Terraform: one file cold from the installed package, an edit in the server, a repository's other files. */
function terraformTargets(raw) {
  const out = [];
  const tf = raw.npmPackage?.terraform;
  const tfLines = raw.manifest.terraform?.lines;
  out.push(
    target(
      `one ${tfLines?.tf300 ?? 300}-line .tf file, cold, the installed bin run directly vs \`node -e 0\``,
      tf && !tf.error ? tf.ratio.median : undefined,
      1.6,
      'x',
      tf?.error ??
        (tf
          ? `in turn with it, median of ${tf.ratio.n} pair ratios (wall time; CPU time ${fmt(tf.cpuRatio?.median, 2)}x); ${fmt(med(tf.lint))} ms vs ${fmt(med(tf.node))} ms, ${tf.lint.exitCode === 1 ? 'findings reported' : `exit ${tf.lint.exitCode}`}`
          : raw.npmPackage?.error),
    ),
  );
  const lsp = raw.lsp ?? {};
  out.push(
    target(
      `isolated edit of a ${(lsp.tf5000Lines ?? tfLines?.tf5000 ?? 5000).toLocaleString('en')}-line .tf file to fresh diagnostics, server (ms, median)`,
      lsp.tf5000EditToDiagnosticsMs?.median,
      50,
      'ms',
      lsp.missing ??
        lsp.error ??
        (lsp.tf5000EditToDiagnosticsMs
          ? `max ${fmt(lsp.tf5000EditToDiagnosticsMs.max)} ms; opening it to its first diagnostics (the HCL parser loaded meanwhile) ${fmt(lsp.tf5000OpenMs)} ms; ${lsp.tf5000EditDiagnostics} diagnostics`
          : undefined),
    ),
  );
  out.push(...moduleTargets(raw));
  const repo = raw.targetPairs?.tfRepoVsFive,
    t = raw.manifest.terraform ?? {};
  const same = repo && repo.findings === repo.anchorFindings;
  out.push(
    target(
      `a repository of ${t.repoFiles ?? '?'} .tf files, ${t.withBlock ?? '?'} with the block, vs the same lint of those ${t.withBlock ?? '?'} alone`,
      repo && !repo.error && same ? repo.ratio.median : undefined,
      1.2,
      'x',
      repo?.error ??
        (repo
          ? `${same ? '' : `FINDINGS DIFFER: ${repo.findings} vs ${repo.anchorFindings}; `}in turn, median of ${repo.ratio.n} pair ratios (wall time; CPU time ${fmt(repo.cpuRatio?.median, 2)}x); ${fmt(med({ ms: repo.lintMs }))} ms vs ${fmt(med({ ms: repo.anchorMs }))} ms, ${repo.findings} findings each`
          : undefined),
    ),
  );
  return out;
}

/**
 * The editor in a Terraform module of many files (lsp-module.mjs): opening a .tf file once the
 * module has been read, and a change to terraform.tfvars, to the fresh diagnostics of every open
 * .tf file. The previous release reads no module: there is nothing to compare it with.
 */
function moduleTargets(raw) {
  const lsp = raw.lsp ?? {},
    t = raw.manifest.terraform ?? {};
  const files = lsp.moduleFiles ?? t.moduleFiles ?? '?',
    open = lsp.moduleOpenFiles ?? t.moduleBlocks ?? '?';
  const failed = lsp.missing ?? lsp.error ?? lsp.moduleError;
  const o = lsp.moduleOpenMs,
    disk = lsp.tfvarsOnDiskMs,
    buffer = lsp.tfvarsBufferMs;
  // The server's main thread meanwhile: on a core, and waiting for one (a busy machine's share).
  const runs = (r) =>
    `median of ${r.n}, max ${fmt(r.max)} ms${r.serverCpuMs === undefined ? '' : `; the server's main thread meanwhile (medians): ${fmt(r.serverCpuMs)} ms on a core, ${fmt(r.serverWaitMs)} ms waiting for one`}`;
  return [
    target(
      `opening a .tf file in a module of ${files} .tf files to its first diagnostics, the module already read, server (ms, median)`,
      o?.median,
      50,
      'ms',
      failed ??
        (o
          ? `${runs(o)}, each file with a search_user_config block opened in turn and kept open; the first, which reads the module: ${fmt(lsp.moduleFirstOpenMs)} ms; ${lsp.moduleOpenDiagnostics} diagnostics`
          : undefined),
    ),
    target(
      `terraform.tfvars changed on disk (watched files) to fresh diagnostics of the ${open} open .tf files of the module, server (ms, median)`,
      disk?.median,
      100,
      'ms',
      failed ?? (disk ? `${runs(disk)}: until the last of the ${open} files is published with the new value` : undefined),
    ),
    target(
      `terraform.tfvars edited in an open buffer to fresh diagnostics of the ${open} open .tf files of the module, server (ms, median)`,
      buffer?.median,
      100,
      'ms',
      failed ?? (buffer ? `${runs(buffer)}: until the last of the ${open} files is published with the new value` : undefined),
    ),
  ];
}

/** Kubernetes manifests: one file cold from the installed package, an edit in the server, the tarball's budget with YAML. */
function kubernetesTargets(raw) {
  const out = [];
  const k = raw.npmPackage?.kubernetes;
  const lines = raw.manifest.kubernetes?.lines;
  out.push(
    target(
      `one ${lines?.manifest300 ?? 300}-line Kubernetes manifest, cold, the installed bin run directly vs \`node -e 0\``,
      k && !k.error ? k.ratio.median : undefined,
      1.4,
      'x',
      k?.error ??
        (k
          ? `in turn with it, median of ${k.ratio.n} pair ratios (wall time; CPU time ${fmt(k.cpuRatio?.median, 2)}x); ${fmt(med(k.lint))} ms vs ${fmt(med(k.node))} ms, ${k.lint.exitCode === 1 ? 'findings reported' : `exit ${k.lint.exitCode}`}`
          : raw.npmPackage?.error),
    ),
  );
  const lsp = raw.lsp ?? {};
  out.push(
    target(
      `isolated edit of a ${(lsp.manifest5000Lines ?? lines?.manifest5000 ?? 5000).toLocaleString('en')}-line Kubernetes manifest to fresh diagnostics, server (ms, median)`,
      lsp.manifest5000EditToDiagnosticsMs?.median,
      50,
      'ms',
      lsp.missing ??
        lsp.error ??
        (lsp.manifest5000EditToDiagnosticsMs
          ? `max ${fmt(lsp.manifest5000EditToDiagnosticsMs.max)} ms; opening it to its first diagnostics ${fmt(lsp.manifest5000OpenMs)} ms; ${lsp.manifest5000EditDiagnostics} diagnostics`
          : undefined),
    ),
  );
  const pkg = raw.npmPackage ?? {};
  out.push(
    target(
      'npm tarball, packed, with the YAML support (KB)',
      pkg.packedBytes !== undefined ? pkg.packedBytes / 1000 : undefined,
      440,
      'KB',
      pkg.error ?? 'the same tarball as the row of 400 KB: the YAML support may add 40 KB to the Terraform budget',
    ),
  );
  return out;
}

const shown = (x, kind) => (x === undefined ? 'n/a' : kind === 'x' ? `${fmt(x, 2)}x` : `${fmt(x)} ${kind}`);

function targetRow(x) {
  const how =
    x.status === 'met' ? `met (${fmt(x.by, 2)} of the limit)` : x.status === 'missed' ? `**missed by ${fmt(x.by, 2)}x**` : 'not measured';
  return `| ${x.name} | ${shown(x.value, x.kind)} | ${shown(x.limit, x.kind)} | ${how} | ${x.note ?? ''} |`;
}

export function markdown(raw, targets) {
  const m = raw.machine;
  const lines = [];
  lines.push(`# search-config benchmark${raw.manifest.smoke ? ' (smoke sizes: not comparable with the targets)' : ''}`);
  lines.push('');
  lines.push(
    `Run ${raw.startedAt} on ${m.cpu}, ${m.memoryGiB} GiB, ${m.platform}, Node ${m.node}. Load average (1, 5, 15 min) at start ${m.loadAverage.join(', ')}, at end ${raw.loadAtEnd.join(', ')}. Workload seed ${raw.manifest.seed}. Whole-process figures: ${raw.runs} runs after one warm-up (large inputs: up to 3), wall time around the spawned process; peak memory is the maximum resident set size from GNU time${raw.gnuTime ? '' : ' (not installed: no memory figures)'}.`,
  );
  lines.push('');
  lines.push('## Targets');
  lines.push('');
  lines.push('| target | measured | limit | result | note |');
  lines.push('|---|---|---|---|---|');
  for (const x of targets) lines.push(targetRow(x));
  lines.push('');
  lines.push('## Whole process');
  lines.push('');
  const s = raw.manifest;
  lines.push(
    `Workload: ${s.smallFiles} small files (${Math.round(s.smallBytes / s.smallFiles)} bytes on average, ${s.smallMistaken} with mistakes), ${s.heavyFiles} findings-heavy small files (${Math.round(s.heavyBytes / s.heavyFiles)} bytes on average: host bits in CIDR blocks, sizes and durations written with a unit, deprecated and unknown fields), 1 MB and 10 MB findings-heavy files (${s.bytes.mb1Heavy.toLocaleString('en')} and ${s.bytes.mb10Heavy.toLocaleString('en')} bytes, host bits in a share of their ip_filter entries), 1 MB = ${s.bytes.mb1.toLocaleString('en')} bytes, 10 MB = ${s.bytes.mb10.toLocaleString('en')} bytes, ${s.sizes.keys.toLocaleString('en')} keys in a free-form vendor-only object (\`search.search_backpressure\`, valid for the schema) and ${s.sizes.keys.toLocaleString('en')} unknown top-level keys, ${s.sizes.depth.toLocaleString('en')} levels of nested arrays.`,
  );
  lines.push('');
  lines.push('| workload | tool | median ms (min-max) | x parse floor | x `node -e 0` | peak MiB | findings | note |');
  lines.push('|---|---|---|---|---|---|---|---|');
  for (const [wid, w] of Object.entries(raw.wholeProcess)) {
    const floor = med(w.tools.parse),
      start = med(w.tools.node);
    for (const [tid, r] of Object.entries(w.tools)) {
      const note = [
        r.error ? `error: ${r.error}` : '',
        r.note ?? '',
        r.sampleFiles ? `sample of ${r.sampleFiles} files` : '',
        r.inputFiles ? `${r.inputFiles} parseable files` : '',
        tid === 'lint' && r.located?.length ? `at ${r.located.slice(0, 2).join('; ')}` : '',
      ]
        .filter(Boolean)
        .join('; ');
      lines.push(
        `| ${w.label} | ${tid} | ${fmt(med(r))} (${fmt(r.ms?.min)}-${fmt(r.ms?.max)}) | ${floor ? fmt(med(r) / floor, 2) : 'n/a'} | ${start ? fmt(med(r) / start, 2) : 'n/a'} | ${mib(r.peakRssKiB)} | ${r.findings ?? ''} | ${note.replace(/\|/g, '/')} |`,
      );
    }
  }
  lines.push('', ...releaseSection(raw), '', ...findingCostSection(raw), '', ...nodeLinesSection(raw));
  const ip = raw.inProcess ?? {};
  lines.push('');
  lines.push('## In process');
  lines.push('');
  if (ip.error) lines.push(`Error: ${ip.error}`);
  lines.push('| measurement | search-config | vscode-json-languageservice |');
  lines.push('|---|---|---|');
  const pair = (name, a, b) => lines.push(`| ${name} | ${a} | ${b} |`);
  pair('module load, cold (ms, median)', fmt(ip.coldCore?.moduleLoadMs?.median, 2), fmt(ip.coldJsonls?.moduleLoadMs?.median, 2));
  pair(
    'first analysis of a small file, cold (ms, median)',
    fmt(ip.coldCore?.firstAnalysisMs?.median, 2),
    fmt(ip.coldJsonls?.firstAnalysisMs?.median, 2),
  );
  pair(
    'warm analysis per small file (ms, median / p99)',
    `${fmt(ip.warmCore?.perFileMs?.median, 3)} / ${fmt(ip.warmCore?.perFileMs?.p99, 3)}`,
    `${fmt(ip.warmJsonls?.perFileMs?.median, 3)} / ${fmt(ip.warmJsonls?.perFileMs?.p99, 3)}`,
  );
  pair('warm analysis of the whole corpus (ms)', fmt(ip.warmCore?.totalMs), fmt(ip.warmJsonls?.totalMs));
  pair('1 MB document after an edit (ms, median)', fmt(ip.mb1EditAnalysisMs?.median), fmt(ip.mb1EditJsonlsMs?.median));
  const feat = (f) =>
    f?.missing
      ? `not measured: ${f.missing}`
      : f
        ? `${fmt(f.median, 3)} / ${fmt(f.p99, 3)}${f.answered !== undefined ? ` (${f.answered} of ${f.n} answered)` : ''}${f.errors ? ` (${f.errors} errors)` : ''}`
        : 'n/a';
  pair('completion (ms, median / p99)', feat(ip.completion), feat(ip.jsonlsCompletion));
  pair('hover (ms, median / p99)', feat(ip.hover), feat(ip.jsonlsHover));
  lines.push('', ...breakdownSection(raw.breakdown));
  const lsp = raw.lsp ?? {};
  lines.push('');
  lines.push('## Language server (dist/server.js over stdio)');
  lines.push('');
  if (lsp.missing || lsp.error) lines.push(`Not measured: ${lsp.missing ?? lsp.error}`);
  else {
    lines.push('| measurement | value |');
    lines.push('|---|---|');
    lines.push(`| loading the server bundle (ms, median) | ${fmt(lsp.loadMs?.median, 2)} |`);
    lines.push(`| text sync | ${lsp.incrementalSync ? 'incremental' : 'full'} |`);
    lines.push(`| open 1 MB to diagnostics (ms) | ${fmt(lsp.mb1OpenMs)} (${lsp.mb1Diagnostics} diagnostics) |`);
    lines.push(
      `| edit of the 1 MB document to fresh diagnostics (ms, median / max) | ${fmt(lsp.mb1EditToDiagnosticsMs?.median)} / ${fmt(lsp.mb1EditToDiagnosticsMs?.max)} |`,
    );
    lines.push(
      `| open 10 MB to diagnostics (ms) | ${fmt(lsp.mb10OpenMs)} (${lsp.mb10Diagnostics} diagnostics, first at ${(lsp.mb10Located ?? []).join('; ')}) |`,
    );
    lines.push(
      `| memory: after start / with the 10 MB file open / after ${lsp.manyEdits?.toLocaleString('en')} edits (MiB RSS) | ${mib(lsp.rssAfterInitKiB)} / ${mib(lsp.rssAfter10MbKiB)} / ${mib(lsp.rssAfterManyEditsKiB)} |`,
    );
    const mm = (r) => `${fmt(r?.median)} / ${fmt(r?.max)}`;
    lines.push(
      `| a Terraform module of ${lsp.moduleFiles ?? '?'} .tf files, ${lsp.moduleOpenFiles ?? '?'} open: the first file opened, which reads the module (ms) | ${lsp.moduleError ? `error: ${lsp.moduleError}` : fmt(lsp.moduleFirstOpenMs)} |`,
    );
    lines.push(
      `| the same: each other file opened to its first diagnostics / terraform.tfvars changed on disk / edited in a buffer, to the fresh diagnostics of every open file (ms, median / max) | ${mm(lsp.moduleOpenMs)} / ${mm(lsp.tfvarsOnDiskMs)} / ${mm(lsp.tfvarsBufferMs)} |`,
    );
  }
  const wk = raw.worker ?? {};
  lines.push('', '## Language server in a browser web worker (Chromium) vs the Node process', '');
  if (wk.missing || wk.error) lines.push(`Not measured: ${wk.missing ?? wk.error}`);
  else {
    lines.push(
      `The same LSP conversation with dist/web/server.js in a Worker of a Chromium page and with dist/server.js over stdio, on ${wk.file} (${wk.bytes} bytes).`,
      '',
    );
    lines.push('| time to diagnostics (ms, median / max) | web worker | Node process |', '|---|---|---|');
    lines.push(
      `| server started, initialized, document opened | ${fmt(wk.worker.cold.median)} / ${fmt(wk.worker.cold.max)} | ${fmt(wk.node.cold.median)} / ${fmt(wk.node.cold.max)} |`,
    );
    lines.push(
      `| another document opened in the running server | ${fmt(wk.worker.warm.median, 2)} / ${fmt(wk.worker.warm.max, 2)} | ${fmt(wk.node.warm.median, 2)} / ${fmt(wk.node.warm.max, 2)} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

/** The pair ratio a workload is judged by: CPU time when it was measured, else wall time. */
export const releaseRatio = (v) => v?.cpuRatio ?? v?.ratio;

/** Our lint against the previous release's, workload by workload (pairs run in turn). */
export function releaseSection(raw, heading = '## Compared with the previous release') {
  const rel = raw.release ?? {};
  const lines = [heading, ''];
  if (rel.notFound) return [...lines, `Skipped: the previous release was not found in this clone (${rel.error}).`];
  if (!rel.commit || rel.error) return [...lines, `Not measured: ${rel.error ?? 'no previous release given'}`];
  lines.push(
    `The previous release: ${rel.ref} (commit ${rel.commit.slice(0, 10)}; ${rel.how}), built from git into a temporary directory with its own build script (dependencies: ${rel.dependencies}). On every workload the two \`search-config lint --format json\` run in turn, A B A B, after a warm-up run of each; a ratio is the median of the pair ratios (this code / the release), of CPU time (user + system, from bash's \`times\`) and of wall time. A workload is flagged when its CPU-time ratio (wall time when bash is missing) is above ${RELEASE_FLAG.toFixed(2)}x: on a busy machine wall time also counts the time a process waits for a core. A large input gets 5 pairs, and as many as the other inputs in all when the ratios of those 5 lie on both sides of the flag; any other input gets twice as many more pairs when the ratios of its first pairs lie on both sides of the flag (the table gives each row's number of pairs). Load average during this run: ${raw.machine.loadAverage[0]} at start, ${raw.loadAtEnd[0]} at end.`,
  );
  lines.push(
    '',
    '| workload | this code, median ms | previous release, median ms | ratio, CPU time (pairs: min-max) | ratio, wall time (pairs: min-max) | |',
    '|---|---|---|---|---|---|',
  );
  const flagged = [];
  const range = (r) => (r ? `${fmt(r.median, 3)}x (${fmt(r.min, 2)}-${fmt(r.max, 2)}, ${r.n} pairs)` : 'n/a');
  for (const w of Object.values(raw.wholeProcess ?? {})) {
    const v = w.vsRelease;
    if (!v) continue;
    if (v.notApplicable) {
      lines.push(`| ${w.label} | ${fmt(med(w.tools.lint))} | n/a | not applicable: ${v.notApplicable} | | |`);
      continue;
    }
    const flag = releaseRatio(v).median > RELEASE_FLAG;
    if (flag) flagged.push(w.label);
    lines.push(
      `| ${w.label} | ${fmt(med(w.tools.lint))} | ${fmt(med(w.tools.release))} | ${range(v.cpuRatio)} | ${range(v.ratio)} | ${flag ? '**slower than the release**' : ''} |`,
    );
  }
  lines.push(
    '',
    flagged.length
      ? `Flagged (above ${RELEASE_FLAG.toFixed(2)}x): ${flagged.join('; ')}.`
      : `No workload above ${RELEASE_FLAG.toFixed(2)}x.`,
  );
  return lines;
}

/**
 * Start-up and bulk lint on each supported Node.js line, each line's figures from its own node in this run:
 * the cold starts against that line's `node -e 0`, and against the previous release under the same node.
 */
export function nodeLinesSection(raw, heading = '## On each supported Node.js line') {
  const lines = [heading, ''];
  const measured = raw.nodeLines ?? [];
  if (!measured.length) return [...lines, 'Not measured.'];
  lines.push(
    "Each line's `node` (scripts/node-lines.sh) runs `bin/search-config.js lint --format json` as a user's shell does, in turn with that line's `node -e 0` (cold start: one small JSON file, the 300-line .tf file, the 300-line manifest) and with the previous release under the same node (one small file; the small files in one process). The bins' compile cache (V8's cached data of the bundles, on every line) is filled by the warm-up run, as by a user's first run. The tarball and the `.vsix` are the same files on every line (their sizes are in the targets above).",
    '',
    `| Node.js | \`node -e 0\`, ms | 1 small JSON file, cold | 300-line .tf, cold | 300-line manifest, cold | 1 small file vs the release | ${(measured.find((l) => l.smallFiles)?.smallFiles ?? 1000).toLocaleString('en')} small files vs the release |`,
    '|---|---|---|---|---|---|---|',
  );
  const cold = (c) => (!c ? 'n/a' : c.error ? `error: ${c.error}` : `${fmt(c.lintMs?.median)} ms, ${fmt(c.ratio?.median, 2)}x`);
  const vs = (v) =>
    !v
      ? 'n/a'
      : v.error
        ? `error: ${v.error}`
        : `${fmt(v.ms?.median)} / ${fmt(v.releaseMs?.median)} ms, ${fmt(releaseRatio(v)?.median, 3)}x`;
  for (const l of measured) {
    if (l.error) {
      lines.push(`| ${l.line} | ${l.error} | | | | | |`);
      continue;
    }
    lines.push(
      `| ${l.version} | ${fmt(l.cold.json?.nodeMs?.median)} | ${cold(l.cold.json)} | ${cold(l.cold.terraform)} | ${cold(l.cold.manifest)} | ${vs(l.vsRelease.one)} | ${vs(l.vsRelease.small)} |`,
    );
  }
  lines.push(
    '',
    "Cold-start ratios are to that line's `node -e 0`; release ratios are this code / the release, of CPU time where bash measured it (else wall time), the median of the pairs.",
  );
  lines.push('', ...releaseByLine(raw, measured));
  return lines;
}

/**
 * Every workload the previous release reads, against it under each line's node: the machine's line from the
 * comparison with the release above, the others measured in turn with the release under their own node. A
 * line whose figure is above the flag is marked, as in that comparison.
 */
function releaseByLine(raw, measured) {
  const shown = measured.filter((l) => !l.error);
  const rows = Object.entries(raw.wholeProcess ?? {}).filter(([, w]) => w.vsRelease && !w.vsRelease.notApplicable);
  if (!shown.length || !rows.length) return [];
  const out = [
    "The previous release against this code on each line, every workload it reads (this code / the release, CPU time, median of the pairs; the machine's line from the comparison above, each other line in turn with the release under its own node):",
    '',
    `| workload | ${shown.map((l) => l.version + (l.version === raw.machine.node ? ' (above)' : '')).join(' | ')} |`,
    `|---|${shown.map(() => '---|').join('')}`,
  ];
  for (const [id, w] of rows) {
    const cells = shown.map((l) => {
      const v = l.version === raw.machine.node ? w.vsRelease : l.vsRelease?.[id];
      const r = releaseRatio(v)?.median;
      if (v?.error) return `error: ${v.error}`;
      if (r === undefined) return 'n/a';
      return `${fmt(r, 3)}x${r > RELEASE_FLAG ? ' **slower**' : ''}`;
    });
    out.push(`| ${w.label} | ${cells.join(' | ')} |`);
  }
  return out;
}

/** What a finding costs, from its detection to its line in the JSON report. */
export function findingCostSection(raw, heading = '## The cost of a finding') {
  const fc = raw.findingCost ?? {};
  const lines = [heading, ''];
  if (!Object.keys(fc).length) return [...lines, 'Not measured.'];
  lines.push(
    'Each findings-heavy workload and its clean twin (the same files with every planted mistake written correctly, about the same size) are linted in turn with `--format json`; the difference of each pair of runs, divided by the difference in findings, is what a finding costs from the rule that detects it to its line in the report (locating it, its message, fix and suggestions, the secret check of the report and the JSON text).',
    '',
  );
  lines.push(
    '| workload | findings (twin) | with findings, median ms | clean twin, median ms | difference, median of pairs (ms) | per finding |',
    '|---|---|---|---|---|---|',
  );
  for (const c of Object.values(fc)) {
    lines.push(
      `| ${c.label} | ${c.error ? `error: ${c.error}` : `${(c.findings + (c.twinFindings ?? 0)).toLocaleString('en')} (${c.twinFindings ?? 'n/a'})`} | ${fmt(c.withMs?.median)} | ${fmt(c.twinMs?.median)} | ${fmt(c.diffMs?.median)} | ${c.usPerFinding === undefined ? 'n/a' : `${fmt(c.usPerFinding, 1)} µs`} |`,
    );
  }
  return lines;
}

const PHASE_NAMES = new Set(['parse', 'schema', 'other']);

/** Time by phase of the analysis: parse, schema validator, rules (the costliest by name), the rest. */
function breakdownSection(b) {
  const lines = ['## Where the analysis spends its time', ''];
  if (!b || b.error || b.small?.error || b.mb10?.error)
    return [...lines, `Not measured: ${b?.error ?? b?.small?.error ?? b?.mb10?.error ?? 'no data'}`];
  const { small, mb10 } = b;
  lines.push(
    `From the analyzer's own timings (what \`TIMING=1 search-config lint\` prints), each column in a fresh process. The first pass over the ${small.files} small files runs on code V8 has not optimised yet, as a one-shot CLI run does; the warm pass is a later one in the same process. Loading the analyzer took ${fmt(small.loadMs)} ms. JSON.parse alone over the same texts, in the same process, is the reference.`,
  );
  lines.push('');
  lines.push(
    `| phase | ${small.files} small files, first pass (ms) | same, warm pass (ms) | ${(mb10.bytes / 1e6).toFixed(1)} MB file, one pass (ms) |`,
  );
  lines.push('|---|---|---|---|');
  const rules = (p) => Object.entries(p).filter(([k]) => !PHASE_NAMES.has(k));
  const sum = (entries) => entries.reduce((a, [, v]) => a + v, 0);
  const row = (name, a, c, d) => lines.push(`| ${name} | ${fmt(a)} | ${fmt(c)} | ${fmt(d)} |`);
  row('*reference: JSON.parse alone*', small.jsonParseMs, small.jsonParseWarmMs, mb10.jsonParseMs);
  row(
    'parse (JSON.parse and the facts that locate findings, or the full parse tree)',
    small.cold.phases.parse,
    small.warm.phases.parse,
    mb10.cold.phases.parse,
  );
  row('schema validator (precompiled)', small.cold.phases.schema, small.warm.phases.schema, mb10.cold.phases.schema);
  row('all rules', sum(rules(small.cold.phases)), sum(rules(small.warm.phases)), sum(rules(mb10.cold.phases)));
  const costliest = [
    ...new Set(
      [
        ...rules(small.cold.phases)
          .sort((x, y) => y[1] - x[1])
          .slice(0, 6),
        ...rules(mb10.cold.phases)
          .sort((x, y) => y[1] - x[1])
          .slice(0, 3),
      ].map(([k]) => k),
    ),
  ];
  for (const id of costliest) row(`&nbsp;&nbsp;rule \`${id}\``, small.cold.phases[id], small.warm.phases[id], mb10.cold.phases[id]);
  row('other (rule set-up, suppressions, sorting)', small.cold.phases.other, small.warm.phases.other, mb10.cold.phases.other);
  row('**total analysis**', small.cold.totalMs, small.warm.totalMs, mb10.cold.totalMs);
  return lines;
}

/** The compact table printed on the terminal. */
export function terminalTable(targets) {
  const rows = targets.map((x) => [
    x.status === 'met' ? 'ok  ' : x.status === 'missed' ? 'MISS' : '--  ',
    x.name,
    shown(x.value, x.kind),
    `<= ${shown(x.limit, x.kind)}`,
  ]);
  const w = [4, Math.max(...rows.map((r) => r[1].length)), Math.max(...rows.map((r) => r[2].length)), 0];
  return rows.map((r) => r.map((c, i) => c.padEnd(w[i])).join('  ')).join('\n');
}

/**
 * The summary of bench/README.md, every table of it from this run: the targets, the comparison with
 * the previous release and the cost of a finding. `npm run bench` writes it between the README's
 * summary markers, so that no table there is older than the code it describes.
 */
export function readmeSummary(raw, targets) {
  const load = `load average ${raw.machine.loadAverage[0]} at start, ${raw.loadAtEnd[0]} at end`;
  const when = raw.startedAt.replace('T', ' ').replace(/:\d\dZ$/, ' UTC');
  const lines = [`### Summary (run of ${when}, ${load}; written by \`npm run bench\`)`, ''];
  lines.push(
    `Code: ${raw.code?.describe ?? 'the working tree'}. ${raw.machine.cpu}, Node ${raw.machine.node}. Every ratio is to an anchor or to the previous release measured in the same run; the full tables are in [\`results/latest.md\`](results/latest.md).`,
    '',
  );
  lines.push('| target | measured | limit | result | note |', '|---|---|---|---|---|');
  for (const x of targets) lines.push(targetRow(x));
  const met = targets.filter((x) => x.status === 'met').length;
  lines.push('', `Met: ${met} of ${targets.length}.`, '');
  lines.push(...releaseSection(raw, '#### Compared with the previous release'), '');
  lines.push(...findingCostSection(raw, '#### The cost of a finding'), '');
  lines.push(...nodeLinesSection(raw, '#### On each supported Node.js line'));
  return lines.join('\n') + '\n';
}

export const SUMMARY_START = '<!-- summary:start: written by npm run bench from its run; do not edit by hand -->';
export const SUMMARY_END = '<!-- summary:end -->';

/** The README with its summary block replaced; undefined when the markers are missing. */
export function withSummary(readme, summary) {
  const a = readme.indexOf(SUMMARY_START),
    b = readme.indexOf(SUMMARY_END);
  if (a < 0 || b < a) return undefined;
  return `${readme.slice(0, a + SUMMARY_START.length)}\n${summary}${readme.slice(b)}`;
}
