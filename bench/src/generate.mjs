// Deterministic, seeded workload for the benchmark: the same seed always writes the same bytes.
//   node bench/src/generate.mjs [--smoke] [--seed N] [--out DIR]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTerraform, generateTerraformModule } from './generate-terraform.mjs';
import { generateKubernetes } from './generate-kubernetes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const BENCH_DIR = path.resolve(here, '..');

/** mulberry32: a tiny, well-distributed PRNG, so the workload never depends on Math.random. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    chance: (p) => next() < p,
  };
}

export const SIZES = {
  full: {
    small: 1000,
    mb1: 1 << 20,
    mb10: 10 << 20,
    keys: 100_000,
    depth: 10_000,
    tfRepoFiles: 500,
    tfWithBlock: 5,
    tfModuleFiles: 200,
    tfModuleBlocks: 12,
  },
  smoke: {
    small: 24,
    mb1: 32 << 10,
    mb10: 128 << 10,
    keys: 2_000,
    depth: 10_000,
    tfRepoFiles: 50,
    tfWithBlock: 5,
    tfModuleFiles: 30,
    tfModuleBlocks: 4,
  },
};

/** Share of the ip_filter entries with host bits set in the findings-heavy large files. */
const HEAVY_LARGE_HOST_BITS = 0.3;

const TEAMS = ['search', 'logs', 'metrics', 'orders', 'catalog', 'billing', 'audit', 'events', 'users', 'sessions'];
const ENVS = ['prod', 'staging', 'dev', 'qa', 'eu', 'us'];

const cidr4 = (r) => `${r.int(1, 223)}.${r.int(0, 255)}.${r.int(0, 255)}.0/24`;
const cidr6 = (r) => `2001:db8:${r.int(0, 0xffff).toString(16)}:${r.int(0, 0xffff).toString(16)}::/64`;
const host = (r) => `${r.pick(TEAMS)}-${r.pick(ENVS)}-${r.int(1, 999)}.internal.example.com:${r.pick([9200, 443, 9243])}`;

function ipFilterEntry(r) {
  if (r.chance(0.5)) return r.chance(0.85) ? cidr4(r) : cidr6(r);
  return { network: r.chance(0.85) ? cidr4(r) : cidr6(r), description: `${r.pick(TEAMS)} ${r.pick(ENVS)} office range ${r.int(1, 99)}` };
}

function indexPattern(r) {
  const p = { pattern: `${r.pick(TEAMS)}-${r.pick(ENVS)}-*`, max_index_count: r.int(1, 60) };
  if (r.chance(0.4)) p.sorting_algorithm = r.pick(['alphabetical', 'creation_date']);
  return p;
}

/** A clean, realistic configuration: what a team would keep in its repository. */
function cleanConfig(r) {
  const c = { search_version: r.pick(['2.19', '3.3', '3.6']) };
  c.ip_filter = Array.from({ length: r.int(2, 14) }, () => ipFilterEntry(r));
  if (r.chance(0.5)) c.static_ips = r.chance(0.5);
  if (r.chance(0.6)) c.public_access = { search: r.chance(0.3), search_dashboards: r.chance(0.5), metrics: false };
  if (r.chance(0.4)) c.private_access = { search: true, search_dashboards: true, metrics: r.chance(0.5) };
  c.index_patterns = Array.from({ length: r.int(1, 8) }, () => indexPattern(r));
  c.search_dashboards = {
    enabled: true,
    max_old_space_size: r.pick([128, 256, 512, 1024]),
    search_request_timeout: r.pick([30000, 60000, 90000]),
  };
  const s = {
    http_max_content_length: r.pick([104857600, 52428800, 209715200]),
    indices_query_bool_max_clause_count: r.pick([512, 1024]),
    indices_fielddata_cache_size: r.int(5, 40),
    indices_memory_index_buffer_size: r.int(5, 30),
    thread_pool_search_size: r.int(2, 16),
    thread_pool_write_queue_size: r.int(100, 1000),
    action_destructive_requires_name: true,
    cluster_max_shards_per_node: r.pick([1000, 2000, 3000]),
    ism_enabled: true,
    ism_history_enabled: true,
    ism_history_max_age: r.pick([24, 72, 720]),
    ism_history_rollover_retention_period: r.pick([30, 90]),
  };
  if (r.chance(0.5)) s.reindex_remote_whitelist = Array.from({ length: r.int(1, 4) }, () => host(r));
  if (r.chance(0.3))
    s.auth_failure_listeners = {
      internal_authentication_backend_limiting: {
        allowed_tries: 10,
        time_window_seconds: 3600,
        block_expiry_seconds: 600,
        max_tracked_clients: 1000,
        authentication_backend: 'internal',
        type: 'username',
      },
    };
  c.search = s;
  if (r.chance(0.25)) {
    c.openid = {
      enabled: true,
      connect_url: 'https://idp.example.com/.well-known/openid-configuration',
      client_id: `client-${r.int(1000, 9999)}`,
      client_secret: '${OPENID_CLIENT_SECRET}',
      scope: 'openid profile email',
    };
  } else if (r.chance(0.2)) {
    c.saml = {
      enabled: true,
      idp_metadata_url: 'https://idp.example.com/saml/metadata.xml',
      idp_entity_id: 'https://idp.example.com',
      sp_entity_id: `https://search-${r.pick(ENVS)}.example.com`,
    };
  }
  if (r.chance(0.5)) c.index_template = { number_of_shards: r.pick([1, 3, 6]), number_of_replicas: r.pick([1, 2]) };
  return c;
}

/** Typical mistakes, each the kind a rule reports. Some change the text (syntax), most the value. */
const MISTAKES = [
  [
    'typo-key',
    (c) => {
      if ('search_version' in c) {
        c.serach_version = c.search_version;
        delete c.search_version;
      }
    },
  ],
  [
    'string-number',
    (c) => {
      c.search.http_max_content_length = String(c.search.http_max_content_length);
    },
  ],
  [
    'out-of-bounds',
    (c) => {
      c.search.indices_query_bool_max_clause_count = 100000;
    },
  ],
  [
    'deprecated-field',
    (c) => {
      c.max_index_count = 20;
    },
  ],
  [
    'unit-mismatch',
    (c) => {
      (c.search_dashboards ?? c.opensearch_dashboards).search_request_timeout = 30;
    },
  ],
  [
    'string-with-unit',
    (c) => {
      c.search.http_max_content_length = '100mb';
    },
  ],
  [
    'insecure-url',
    (c) => {
      c.openid = {
        enabled: true,
        connect_url: 'http://idp.example.com/.well-known/openid-configuration',
        client_id: 'client-1',
        client_secret: '${OPENID_CLIENT_SECRET}',
      };
    },
  ],
  [
    'host-bits',
    (c) => {
      c.ip_filter.push('10.20.30.40/16');
    },
  ],
  [
    'open-filter',
    (c) => {
      c.ip_filter.push('0.0.0.0/0');
      c.public_access = { search: true, search_dashboards: true, metrics: false };
    },
  ],
  [
    'secret-plain',
    (c) => {
      c.search.email_sender_name = 'alerts';
      c.search.email_sender_username = 'alerts@example.com';
      c.search.email_sender_password = 'hunter2-plain';
    },
  ],
  [
    'engine-name',
    (c) => {
      c.search['indices.query.bool.max_clause_count'] = 2048;
    },
  ],
  [
    'product-name',
    (c) => {
      if (c.search_dashboards) {
        c.opensearch_dashboards = c.search_dashboards;
        delete c.search_dashboards;
      }
    },
  ],
  [
    'missing-required',
    (c) => {
      c.index_patterns.push({ pattern: 'orphans-*' });
    },
  ],
  [
    'no-effect',
    (c) => {
      c.search.indices_memory_min_index_buffer_size = 64;
      delete c.search.indices_memory_index_buffer_size;
    },
  ],
  [
    'null-not-allowed',
    (c) => {
      c.static_ips = null;
    },
  ],
  [
    'deprecated-listener',
    (c) => {
      c.search.auth_failure_listeners = { ip_rate_limiting: { allowed_tries: 10, time_window_seconds: 3600, type: 'ip' } };
    },
  ],
  ['duplicate-key', null],
  ['trailing-comma', null],
];

/** Text-level mistakes the value model cannot express. */
function textMistake(kind, text) {
  if (kind === 'duplicate-key') return text.replace('{\n', '{\n  "static_ips": false,\n  "static_ips": true,\n');
  if (kind === 'trailing-comma') {
    const i = text.lastIndexOf('\n}');
    return `${text.slice(0, i)},${text.slice(i)}`;
  }
  return text;
}

function smallConfig(r) {
  const c = cleanConfig(r);
  const textMistakes = [];
  const mistaken = r.chance(0.3);
  if (mistaken) {
    for (let n = r.int(1, 3); n > 0; n--) {
      const [kind, apply] = r.pick(MISTAKES);
      if (apply) apply(c);
      else if (!textMistakes.includes(kind)) textMistakes.push(kind);
    }
  }
  let text = JSON.stringify(c, null, 2) + '\n';
  // Keep the size in the 1 to 3 KB band of a real configuration.
  while (text.length < 1024) {
    c.ip_filter.push(ipFilterEntry(r));
    text = JSON.stringify(c, null, 2) + '\n';
  }
  while (text.length > 3072 && c.ip_filter.length > 1) {
    c.ip_filter.pop();
    text = JSON.stringify(c, null, 2) + '\n';
  }
  for (const m of textMistakes) text = textMistake(m, text);
  return { text, mistaken };
}

/**
 * Mistakes of a configuration kept for years, each reported by a rule: CIDR blocks with host bits
 * set (one finding each), sizes and durations written as strings with a unit (a type and a unit
 * finding each), deprecated fields and unknown fields (one each). Each mistake comes with what a
 * correct configuration writes in its place, so that every file has a clean twin of about the same
 * size and shape: the difference between the two runs is the cost of the findings.
 */
const hostBitsCidr = (r) => `${r.int(1, 223)}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}/${r.pick([16, 24])}`;
/** The block a CIDR with host bits stands for (what a clean configuration writes). */
const alignedCidr = (cidr) => {
  const [ip, bits] = cidr.split('/');
  const parts = ip.split('.');
  return `${parts.map((p, i) => (i * 8 < Number(bits) ? p : '0')).join('.')}/${bits}`;
};
const UNIT_STRINGS = [
  [
    (c) => {
      c.search.http_max_content_length = '100mb';
    },
    (c) => {
      c.search.http_max_content_length = 104857600;
    },
  ],
  [
    (c) => {
      c.search_dashboards.search_request_timeout = '30s';
    },
    (c) => {
      c.search_dashboards.search_request_timeout = 30000;
    },
  ],
  [
    (c) => {
      c.search_dashboards.max_old_space_size = '512mb';
    },
    (c) => {
      c.search_dashboards.max_old_space_size = 512;
    },
  ],
  [
    (c) => {
      c.search.indices_fielddata_cache_size = '20%';
    },
    (c) => {
      c.search.indices_fielddata_cache_size = 20;
    },
  ],
  [
    (c) => {
      c.search.indices_memory_index_buffer_size = '10%';
    },
    (c) => {
      c.search.indices_memory_index_buffer_size = 10;
    },
  ],
];
const UNKNOWN_FIELDS = [
  [
    (c) => {
      c.serach_version = c.search_version;
      delete c.search_version;
    },
    () => {},
  ],
  [
    (c) => {
      c.search['indices.query.bool.max_clause_count'] = 1024;
    },
    (c) => {
      c.search.indices_query_bool_max_clause_count = 1024;
    },
  ],
  [
    (c) => {
      c.search.thread_pool_search_queue = 1000;
    },
    (c) => {
      c.search.thread_pool_search_queue_size = 1000;
    },
  ],
  [
    (c) => {
      c.index_template = { ...c.index_template, refresh_interval: 1 };
    },
    (c) => {
      c.index_template = { ...c.index_template, number_of_replicas: 1 };
    },
  ],
  [
    (c) => {
      c.dashboards_enabled = true;
    },
    (c) => {
      c.static_ips = true;
    },
  ],
];
const LISTENER = {
  allowed_tries: 10,
  time_window_seconds: 3600,
  block_expiry_seconds: 600,
  max_tracked_clients: 1000,
  authentication_backend: 'internal',
  type: 'username',
};

/**
 * A small configuration with about seven findings (what a team with years-old configurations has),
 * and its clean twin.
 */
function heavySmallConfig(r) {
  const c = cleanConfig(r);
  const twin = structuredClone(c);
  const both = ([bad, good]) => {
    bad(c);
    good(twin);
  };
  for (let n = r.int(1, 2); n > 0; n--) {
    const cidr = hostBitsCidr(r);
    const at = r.int(0, c.ip_filter.length);
    const entry = (value) => (at % 2 ? value : { network: value, description: 'legacy office range' });
    c.ip_filter.splice(at, 0, entry(cidr));
    twin.ip_filter.splice(at, 0, entry(alignedCidr(cidr)));
  }
  const units = [...UNIT_STRINGS];
  for (let n = r.int(1, 2); n > 0; n--) both(units.splice(r.int(0, units.length - 1), 1)[0]);
  if (r.chance(0.7)) {
    const n = r.int(10, 50);
    c.max_index_count = n;
    twin.index_patterns.push({ pattern: 'legacy-*', max_index_count: n });
  }
  if (r.chance(0.3))
    both([
      (x) => {
        x.search.auth_failure_listeners = { ip_rate_limiting: { allowed_tries: 10, time_window_seconds: 3600, type: 'ip' } };
      },
      (x) => {
        x.search.auth_failure_listeners = { internal_authentication_backend_limiting: LISTENER };
      },
    ]);
  const unknown = [...UNKNOWN_FIELDS];
  for (let n = r.int(1, 2); n > 0; n--) both(unknown.splice(r.int(0, unknown.length - 1), 1)[0]);
  const textOf = (x) => JSON.stringify(x, null, 2) + '\n';
  // Kept in the 1 to 3 KB band of a real configuration, the twin trimmed or grown alike.
  while (textOf(c).length < 1024) {
    const e = ipFilterEntry(r);
    c.ip_filter.push(e);
    twin.ip_filter.push(e);
  }
  while (textOf(c).length > 3072 && c.ip_filter.length > 1) {
    c.ip_filter.pop();
    twin.ip_filter.pop();
  }
  return { text: textOf(c), twin: textOf(twin) };
}

/**
 * A large configuration: long ip_filter, reindex_remote_whitelist and index_patterns arrays,
 * with a few mistakes placed far into the file, so that locating findings is measured too.
 */
function largeConfig(r, bytes, hostBitsShare = 0) {
  const c = cleanConfig(r);
  const share = { ip: 0.7, hosts: 0.1, patterns: 0.2 };
  const ip = [],
    hosts = [],
    patterns = [];
  let ipBytes = 0,
    hostBytes = 0,
    patternBytes = 0;
  while (ipBytes < bytes * share.ip) {
    const e = r.chance(hostBitsShare) ? hostBitsCidr(r) : ipFilterEntry(r);
    ip.push(e);
    ipBytes += JSON.stringify(e, null, 2).length + 12;
  }
  while (hostBytes < bytes * share.hosts) {
    const h = host(r);
    hosts.push(h);
    hostBytes += h.length + 10;
  }
  while (patternBytes < bytes * share.patterns) {
    const p = indexPattern(r);
    patterns.push(p);
    patternBytes += JSON.stringify(p, null, 2).length + 14;
  }
  // Planted near the end of each array: a host-bits CIDR, a malformed CIDR, a pattern without max_index_count.
  ip.splice(ip.length - 3, 0, '10.20.30.40/16', '300.1.2.0/24');
  patterns.splice(patterns.length - 2, 0, { pattern: 'orphans-*' });
  c.ip_filter = ip;
  c.search.reindex_remote_whitelist = hosts;
  c.index_patterns = patterns;
  return JSON.stringify(c, null, 2) + '\n';
}

/** One object with `count` keys. `valid`: keys of a free-form, vendor-only object; otherwise unknown top-level keys. */
function manyKeys(r, count, valid) {
  const words = ['replica', 'shard', 'cache', 'buffer', 'timeout', 'limit', 'queue', 'size', 'rate', 'pool'];
  const lines = [];
  for (let i = 0; i < count; i++) {
    const key = `${r.pick(words)}_${r.pick(words)}_${String(i).padStart(6, '0')}`;
    lines.push(`    ${JSON.stringify(key)}: ${r.int(0, 1000)}`);
  }
  if (valid)
    return `{\n  "search_version": "2.19",\n  "search": {\n    "search_backpressure": {\n${lines.map((l) => '  ' + l).join(',\n')}\n    }\n  }\n}\n`;
  return `{\n  "search_version": "2.19",\n${lines.map((l) => l.slice(2)).join(',\n')}\n}\n`;
}

function deepArrays(depth) {
  return `{\n  "ip_filter": ${'['.repeat(depth)}${']'.repeat(depth)}\n}\n`;
}

export function generate({ smoke = false, seed = 20261121, out = path.join(BENCH_DIR, 'work', smoke ? 'smoke' : 'full') } = {}) {
  const sizes = smoke ? SIZES.smoke : SIZES.full;
  const r = rng(seed);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(path.join(out, 'small'), { recursive: true });
  let mistaken = 0,
    smallBytes = 0;
  const smallFiles = [];
  for (let i = 0; i < sizes.small; i++) {
    const { text, mistaken: m } = smallConfig(r);
    const file = path.join(out, 'small', `service-${String(i).padStart(4, '0')}.search.json`);
    fs.writeFileSync(file, text);
    smallFiles.push(file);
    smallBytes += text.length;
    if (m) mistaken++;
  }
  const write = (name, text) => {
    const file = path.join(out, name);
    fs.writeFileSync(file, text);
    return file;
  };
  // The findings-heavy variant has its own seed, so that the workload above stays byte for byte as it was.
  const h = rng(seed + 1);
  fs.mkdirSync(path.join(out, 'heavy'), { recursive: true });
  const heavyFiles = [];
  let heavyBytes = 0;
  const heavyTwins = [];
  for (let i = 0; i < sizes.small; i++) {
    const { text, twin } = heavySmallConfig(h);
    heavyFiles.push(write(path.join('heavy', `legacy-${String(i).padStart(4, '0')}.search.json`), text));
    heavyTwins.push(twin);
    heavyBytes += text.length;
  }
  const files = {
    smallDir: path.join(out, 'small'),
    heavyDir: path.join(out, 'heavy'),
    small: smallFiles,
    heavy: heavyFiles,
    mb1: write('large-1mb.search.json', largeConfig(r, sizes.mb1)),
    mb10: write('large-10mb.search.json', largeConfig(r, sizes.mb10)),
    keysValid: write('keys-valid.search.json', manyKeys(r, sizes.keys, true)),
    keysUnknown: write('keys-unknown.search.json', manyKeys(r, sizes.keys, false)),
    deep: write('deep.search.json', deepArrays(sizes.depth)),
    mb1Heavy: write('legacy-1mb.search.json', largeConfig(h, sizes.mb1, HEAVY_LARGE_HOST_BITS)),
    mb10Heavy: write('legacy-10mb.search.json', largeConfig(h, sizes.mb10, HEAVY_LARGE_HOST_BITS)),
  };
  // Clean twins of the findings-heavy files: the same shape with every planted mistake written correctly.
  const heavyTwinFiles = [];
  fs.mkdirSync(path.join(out, 'heavy-twin'), { recursive: true });
  heavyTwins.forEach((text, i) =>
    heavyTwinFiles.push(write(path.join('heavy-twin', `legacy-${String(i).padStart(4, '0')}.search.json`), text)),
  );
  files.heavyTwin = heavyTwinFiles;
  files.mb10HeavyTwin = write(
    'legacy-10mb-twin.search.json',
    fs.readFileSync(files.mb10Heavy, 'utf8').replace(/"(\d+\.\d+\.\d+\.\d+\/\d+)"/g, (m, cidr) => JSON.stringify(alignedCidr(cidr))),
  );
  // Terraform: its own seed, so that the JSON workload above stays byte for byte as it was.
  const tf = generateTerraform(rng(seed + 2), out, { repoFiles: sizes.tfRepoFiles, withBlock: sizes.tfWithBlock });
  Object.assign(files, { tf300: tf.tf300, tf5000: tf.tf5000, tfRepo: tf.tfRepo, tfFive: tf.tfFive });
  // A module of many .tf files for the editor (lsp-module.mjs): its own seed too.
  files.tfModule = generateTerraformModule(rng(seed + 4), out, { files: sizes.tfModuleFiles, withBlock: sizes.tfModuleBlocks });
  // Kubernetes manifests: their own seed too.
  const k8s = generateKubernetes(rng(seed + 3), out);
  Object.assign(files, { manifest300: k8s.manifest300, manifest5000: k8s.manifest5000 });
  const manifest = {
    seed,
    terraform: {
      lines: tf.lines,
      repoFiles: sizes.tfRepoFiles,
      withBlock: sizes.tfWithBlock,
      moduleFiles: files.tfModule.files,
      moduleBlocks: files.tfModule.blockFiles.length,
    },
    kubernetes: { lines: k8s.lines },
    smoke,
    sizes,
    smallFiles: smallFiles.length,
    smallMistaken: mistaken,
    smallBytes,
    heavyFiles: heavyFiles.length,
    heavyBytes,
    heavyTwinBytes: heavyTwins.reduce((n, t) => n + t.length, 0),
    bytes: Object.fromEntries(
      ['mb1', 'mb10', 'keysValid', 'keysUnknown', 'deep', 'mb1Heavy', 'mb10Heavy', 'mb10HeavyTwin'].map((k) => [
        k,
        fs.statSync(files[k]).size,
      ]),
    ),
  };
  fs.writeFileSync(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return { files, manifest, out };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const seedAt = args.indexOf('--seed');
  const outAt = args.indexOf('--out');
  const { manifest, out } = generate({
    smoke: args.includes('--smoke'),
    seed: seedAt >= 0 ? Number(args[seedAt + 1]) : undefined,
    out: outAt >= 0 ? path.resolve(args[outAt + 1]) : undefined,
  });
  console.log(`wrote ${out}`);
  console.log(JSON.stringify(manifest, null, 2));
}
