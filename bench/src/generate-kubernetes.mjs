// The Kubernetes workload, seeded like the others: the configuration in the operator's
// `spec.userConfig` of a `kind: Search` manifest, in a multi-document file among the manifests a
// platform team keeps beside it (namespace, config maps, deployments, services).
import fs from 'node:fs';
import path from 'node:path';

const TEAMS = ['search', 'logs', 'metrics', 'orders', 'catalog', 'billing', 'audit', 'events', 'users', 'sessions'];
const ENVS = ['prod', 'staging', 'dev', 'qa', 'eu', 'us'];

const scalar = (v) =>
  typeof v === 'string'
    ? /^[a-z][\w .*/-]*$/i.test(v) && !/^(true|false|null|yes|no|on|off)$/i.test(v)
      ? v
      : JSON.stringify(v)
    : String(v);

/** A value as block YAML at `indent`: maps as nested keys, lists of maps as `- ` items. */
function block(value, indent) {
  const pad = ' '.repeat(indent);
  const out = [];
  for (const [k, v] of Object.entries(value)) {
    if (Array.isArray(v)) {
      out.push(`${pad}${k}:`);
      for (const item of v) {
        if (item !== null && typeof item === 'object') {
          const [first, ...rest] = block(item, indent + 4);
          out.push(`${pad}  - ${first.trimStart()}`, ...rest);
        } else out.push(`${pad}  - ${scalar(item)}`);
      }
    } else if (v !== null && typeof v === 'object') out.push(`${pad}${k}:`, ...block(v, indent + 2));
    else out.push(`${pad}${k}: ${scalar(v)}`);
  }
  return out;
}

/** A `userConfig` as a team writes it, with a few of the mistakes the rules exist for. */
function userConfig(r, { ipFilters, mistakes }) {
  const c = { search_version: r.pick(['2.19', '3.3', '3.6']) };
  c.ip_filter = Array.from({ length: ipFilters }, () => ({
    network:
      mistakes && r.chance(0.1)
        ? `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}/16`
        : `${r.int(1, 223)}.${r.int(0, 255)}.${r.int(0, 255)}.0/24`,
    description: `${r.pick(TEAMS)} ${r.pick(ENVS)} office range ${r.int(1, 99)}`,
  }));
  c.public_access = { search: false, search_dashboards: r.chance(0.5), metrics: false };
  c.search = {
    http_max_content_length: mistakes ? '100mb' : r.pick([104857600, 52428800]),
    indices_query_bool_max_clause_count: r.pick([512, 1024]),
    thread_pool_search_size: r.int(2, 16),
    reindex_remote_whitelist: Array.from({ length: r.int(1, 3) }, () => `${r.pick(TEAMS)}-${r.pick(ENVS)}.internal.example.com:9200`),
  };
  c.search_dashboards = { enabled: true, max_old_space_size: r.pick([256, 512]) };
  c.index_patterns = Array.from({ length: r.int(2, 4) }, () => ({
    pattern: `${r.pick(TEAMS)}-${r.pick(ENVS)}-*`,
    max_index_count: r.int(1, 60),
  }));
  return c;
}

function searchManifest(r, name, config) {
  return [
    'apiVersion: vendor.io/v1alpha1',
    'kind: Search',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    '  project: platform',
    `  cloudName: google-europe-west${r.int(1, 4)}`,
    '  plan: business-4',
    '  userConfig:',
    ...block(config, 4),
  ];
}

/** The other manifests of the file. */
function otherManifest(r, i) {
  const team = r.pick(TEAMS),
    env = r.pick(ENVS),
    name = `${team}-${env}-${i}`;
  switch (i % 3) {
    case 0:
      return [
        'apiVersion: v1',
        'kind: ConfigMap',
        'metadata:',
        `  name: ${name}`,
        'data:',
        `  SEARCH_HOST: ${team}.internal.example.com`,
        `  SEARCH_PORT: "9200"`,
      ];
    case 1:
      return [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata:',
        `  name: ${name}`,
        'spec:',
        `  replicas: ${r.int(1, 5)}`,
        '  template:',
        '    spec:',
        '      containers:',
        `        - name: ${team}`,
        `          image: registry.example.com/${team}:${r.int(1, 9)}.${r.int(0, 20)}`,
        '          resources:',
        '            limits:',
        `              memory: ${r.int(1, 8)}Gi`,
      ];
    default:
      return ['apiVersion: v1', 'kind: Service', 'metadata:', `  name: ${name}`, 'spec:', '  ports:', `    - port: ${r.int(1000, 9999)}`];
  }
}

/**
 * manifest300: one file of about 300 lines (two Search documents, one with mistakes, among other
 * manifests); manifest5000: a file of about 5,000 lines whose Search documents have long ip
 * filters, for the edit in the language server. Each in a directory of its own.
 */
export function generateKubernetes(r, out) {
  const write = (name, text) => {
    const file = path.join(out, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return file;
  };
  const file = ({ lines, searches, ipFilters }) => {
    const docs = [['apiVersion: v1', 'kind: Namespace', 'metadata:', '  name: search-platform']];
    for (let i = 0; i < searches; i++)
      docs.push(searchManifest(r, `${r.pick(TEAMS)}-${i}`, userConfig(r, { ipFilters, mistakes: i === searches - 1 })));
    let count = docs.reduce((n, d) => n + d.length + 1, 0);
    for (let i = 0; count < lines; i++) {
      const d = otherManifest(r, i);
      // The other manifests go first: the Search document with mistakes stays near the end of the file.
      docs.splice(1 + i, 0, d);
      count += d.length + 1;
    }
    return `${docs.map((d) => d.join('\n')).join('\n---\n')}\n`;
  };
  const manifest300 = write('kubernetes-300/search.yaml', file({ lines: 300, searches: 2, ipFilters: 12 }));
  const manifest5000 = write('kubernetes-5000/search.yaml', file({ lines: 5000, searches: 2, ipFilters: 700 }));
  const lineCount = (f) => fs.readFileSync(f, 'utf8').split('\n').length - 1;
  return { manifest300, manifest5000, lines: { manifest300: lineCount(manifest300), manifest5000: lineCount(manifest5000) } };
}
