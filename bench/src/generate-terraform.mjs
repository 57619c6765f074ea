// The Terraform workload, seeded like the JSON one (generate.mjs): the configuration written as the
// provider's `search_user_config` block, among the other resources a real module holds.
import fs from 'node:fs';
import path from 'node:path';

const TEAMS = ['search', 'logs', 'metrics', 'orders', 'catalog', 'billing', 'audit', 'events', 'users', 'sessions'];
const ENVS = ['prod', 'staging', 'dev', 'qa', 'eu', 'us'];
/** Blocks that repeat: one array item per block. */
const REPEATED = new Set(['index_patterns', 'ip_filter_object']);

const literal = (v) =>
  typeof v === 'string' ? JSON.stringify(v) : v === null ? 'null' : Array.isArray(v) ? `[${v.map(literal).join(', ')}]` : String(v);

/** The configuration's members as HCL: objects as blocks, repeated blocks for the provider's lists of objects. */
function body(obj, indent) {
  const pad = ' '.repeat(indent);
  const lines = [];
  const scalars = Object.entries(obj).filter(
    ([, v]) => v === null || typeof v !== 'object' || (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')),
  );
  const width = Math.max(0, ...scalars.map(([k]) => k.length));
  for (const [k, v] of scalars) lines.push(`${pad}${k.padEnd(width)} = ${literal(v)}`);
  for (const [k, v] of Object.entries(obj)) {
    if (scalars.some(([s]) => s === k)) continue;
    const items = Array.isArray(v) ? v : [v];
    for (const item of items) lines.push(`${pad}${k} {`, ...body(item, indent + 2), `${pad}}`);
  }
  return lines;
}

function ipFilterObjects(r, count, hostBitsShare) {
  return Array.from({ length: count }, () => ({
    network: r.chance(hostBitsShare)
      ? `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}/16`
      : `${r.int(1, 223)}.${r.int(0, 255)}.${r.int(0, 255)}.0/24`,
    description: `${r.pick(TEAMS)} ${r.pick(ENVS)} office range ${r.int(1, 99)}`,
  }));
}

/** A `search_user_config` as a team writes it, with a few of the mistakes the rules exist for. */
function userConfig(r, { ipFilters, mistakes }) {
  const c = { search_version: r.pick(['2.19', '3.3', '3.6']) };
  if (r.chance(0.5)) c.static_ips = r.chance(0.5);
  c.ip_filter_object = ipFilterObjects(r, ipFilters, mistakes ? 0.1 : 0);
  c.index_patterns = Array.from({ length: r.int(1, 4) }, () => ({
    pattern: `${r.pick(TEAMS)}-${r.pick(ENVS)}-*`,
    max_index_count: r.int(1, 60),
  }));
  c.public_access = { search: false, search_dashboards: r.chance(0.5), metrics: false };
  c.search = {
    http_max_content_length: mistakes ? '100mb' : r.pick([104857600, 52428800]),
    indices_query_bool_max_clause_count: r.pick([512, 1024]),
    thread_pool_search_size: r.int(2, 16),
    action_destructive_requires_name: true,
    reindex_remote_whitelist: Array.from({ length: r.int(1, 3) }, () => `${r.pick(TEAMS)}-${r.pick(ENVS)}.internal.example.com:9200`),
  };
  if (mistakes) c.max_index_count = 20;
  c.search_dashboards = { enabled: true, max_old_space_size: r.pick([256, 512]) };
  return c;
}

function searchResource(r, name, config) {
  return [
    `resource "vendor_search" "${name}" {`,
    '  project      = var.project',
    `  service_name = "${name}"`,
    '  plan         = var.plan',
    '  search_user_config {',
    ...body(config, 4),
    '  }',
    '}',
    '',
  ];
}

/** Resources without the block, as the rest of a module has them: network, buckets, outputs. */
function otherResource(r, i) {
  const lines = [];
  {
    const team = r.pick(TEAMS),
      env = r.pick(ENVS);
    switch (i % 4) {
      case 0:
        lines.push(
          `resource "vendor_vpc" "${team}_${env}_${i}" {`,
          `  cloud_name   = "aws-${env}-${r.int(1, 3)}"`,
          `  network_cidr = "10.${r.int(0, 255)}.0.0/16"`,
          `  tags = {`,
          `    team = "${team}"`,
          `    env  = "${env}"`,
          '  }',
          '}',
          '',
        );
        break;
      case 1:
        lines.push(
          `resource "aws_s3_bucket" "${team}_${env}_${i}" {`,
          `  bucket = "${team}-${env}-${r.int(100, 999)}"`,
          '  lifecycle {',
          '    prevent_destroy = true',
          '  }',
          '}',
          '',
        );
        break;
      case 2:
        lines.push(
          `variable "${team}_${env}_${i}_size" {`,
          '  type        = number',
          `  default     = ${r.int(1, 64)}`,
          `  description = "Disk of the ${team} ${env} nodes, in GiB"`,
          '}',
          '',
        );
        break;
      default:
        lines.push(
          `output "${team}_${env}_${i}_uri" {`,
          `  value     = vendor_vpc.${team}_${env}_${i - 3}.id`,
          '  sensitive = false',
          '}',
          '',
        );
        break;
    }
  }
  return lines;
}

/** About `lines` lines: `resources` search resources, the rest other resources. */
function moduleFile(r, { lines, resources, ipFilters, mistakes, declares = true }) {
  // A module declares each variable once (Terraform refuses a second declaration): in its first file.
  const out = declares
    ? ['variable "project" {', '  type = string', '}', '', 'variable "plan" {', '  type    = string', '  default = "business-4"', '}', '']
    : [];
  for (let i = 0; i < resources; i++)
    out.push(...searchResource(r, `${r.pick(TEAMS)}_${i}`, userConfig(r, { ipFilters, mistakes: mistakes && i === 0 })));
  for (let i = 0; ; i++) {
    const next = otherResource(r, i);
    if (out.length + next.length > lines) break;
    out.push(...next);
  }
  while (out.length < lines) out.push(`# ${r.pick(TEAMS)} ${r.pick(ENVS)}`);
  return `${out.join('\n')}\n`;
}

/**
 * Each in a directory of its own, since a file's module directory is read for its variables' values.
 * tf300: one module file of 300 lines (two search resources, one with mistakes); tf5000: a file of
 * 5,000 lines whose search resource has a long ip filter, for the edit in the language server; tfRepo: a
 * repository of `repoFiles` .tf files of which `withBlock` hold the block (module directories of 10 files),
 * and tfFive: the same `withBlock` files alone.
 */
export function generateTerraform(r, out, { repoFiles, withBlock }) {
  const write = (name, text) => {
    const file = path.join(out, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return file;
  };
  const tf300 = write('terraform-300/main.tf', moduleFile(r, { lines: 300, resources: 2, ipFilters: 6, mistakes: true }));
  const tf5000 = write('terraform-5000/main.tf', moduleFile(r, { lines: 5000, resources: 1, ipFilters: 1200, mistakes: true }));
  const repo = path.join(out, 'terraform-repo'),
    five = path.join(out, 'terraform-five');
  fs.rmSync(repo, { recursive: true, force: true });
  fs.rmSync(five, { recursive: true, force: true });
  const every = Math.floor(repoFiles / withBlock);
  for (let i = 0; i < repoFiles; i++) {
    const name = path.join(`module-${String(Math.floor(i / 10)).padStart(2, '0')}`, `file-${String(i).padStart(3, '0')}.tf`);
    // The files with the block are each the first of their module directory, which declares its variables.
    const holds = i % every === 0 && i / every < withBlock;
    const text = moduleFile(r, { lines: r.int(40, 120), resources: holds ? 1 : 0, ipFilters: 4, mistakes: holds, declares: i % 10 === 0 });
    write(path.join('terraform-repo', name), text);
    if (holds) write(path.join('terraform-five', name), text);
  }
  return { tf300, tf5000, tfRepo: repo, tfFive: five, lines: { tf300: lineCount(tf300), tf5000: lineCount(tf5000) } };
}

const lineCount = (file) => fs.readFileSync(file, 'utf8').split('\n').length - 1;

/**
 * A Terraform module of `files` .tf files as a team's grows: its variables declared over several
 * `variables-*.tf` files, their values in `terraform.tfvars`, `withBlock` files with a
 * `search_user_config` block whose values come from those variables, and networks, buckets and
 * outputs in the rest, most of which use `var.project` too. Every block reads
 * `var.max_clause_count` from terraform.tfvars: the language server's edit of that file (see
 * lsp.mjs) writes `validClauses` or `invalidClauses` there, and every open block file's
 * diagnostics tell which it read.
 */
export function generateTerraformModule(r, out, { files, withBlock }) {
  const dir = path.join(out, 'terraform-module');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const write = (name, text) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const variableFiles = Math.max(2, Math.round(files / 20));
  const others = files - variableFiles - withBlock;
  // Variables: the ones the blocks use first, then each other file's own size and count.
  const declared = [
    ['project', 'string', undefined],
    ['plan', 'string', '"business-4"'],
    ['search_version', 'string', '"2.19"'],
    ['max_clause_count', 'number', '1024'],
    ['search_threads', 'number', '8'],
    ['dashboards_memory', 'number', '512'],
    ...Array.from({ length: others }, (_, i) => [`node_count_${i}`, 'number', String(r.int(1, 9))]),
  ];
  const variablesFiles = [];
  declared.forEach((v, i) => {
    (variablesFiles[i % variableFiles] ??= []).push(v);
  });
  variablesFiles.forEach((vars, i) =>
    write(
      `variables-${String(i).padStart(2, '0')}.tf`,
      vars
        .map(([name, type, def]) =>
          [
            `variable "${name}" {`,
            `  type        = ${type}`,
            ...(def === undefined ? [] : [`  default     = ${def}`]),
            `  description = "${name.replace(/_/g, ' ')} of the ${r.pick(TEAMS)} services"`,
            '}',
            '',
          ].join('\n'),
        )
        .join('\n'),
    ),
  );
  const blockFiles = [];
  for (let i = 0; i < withBlock; i++) {
    const team = TEAMS[i % TEAMS.length];
    const config = userConfig(r, { ipFilters: r.int(2, 8), mistakes: i % 3 === 0 });
    config.search_version = 'VAR:search_version';
    config.search.indices_query_bool_max_clause_count = 'VAR:max_clause_count';
    config.search.thread_pool_search_size = 'VAR:search_threads';
    config.search_dashboards.max_old_space_size = 'VAR:dashboards_memory';
    const text = searchResource(r, `${team}_${i}`, config)
      .join('\n')
      .replace(/"VAR:([a-z_]+)"/g, 'var.$1');
    blockFiles.push(write(`search-${team}-${String(i).padStart(2, '0')}.tf`, `${text}\n`));
  }
  for (let i = 0; i < others; i++) {
    const team = r.pick(TEAMS),
      env = r.pick(ENVS),
      n = `${team}_${env}_${i}`;
    const lines = [];
    for (let k = 0, count = r.int(2, 6); k < count; k++) {
      switch ((i + k) % 3) {
        case 0:
          lines.push(
            `resource "vendor_vpc" "${n}_${k}" {`,
            '  project      = var.project',
            `  cloud_name   = "aws-${env}-${r.int(1, 3)}"`,
            `  network_cidr = "10.${r.int(0, 255)}.0.0/16"`,
            `  node_count   = var.node_count_${i}`,
            '  tags = {',
            `    team = "${team}"`,
            `    env  = "${env}"`,
            '  }',
            '}',
            '',
          );
          break;
        case 1:
          lines.push(
            `resource "aws_s3_bucket" "${n}_${k}" {`,
            `  bucket = "\${var.project}-${team}-${env}-${r.int(100, 999)}"`,
            '  lifecycle {',
            '    prevent_destroy = true',
            '  }',
            '}',
            '',
          );
          break;
        default:
          lines.push(`output "${n}_${k}_uri" {`, `  value     = "\${var.project}/${team}/${env}/${k}"`, '  sensitive = false', '}', '');
          break;
      }
    }
    write(`${['network', 'storage', 'outputs'][i % 3]}-${team}-${String(i).padStart(3, '0')}.tf`, lines.join('\n'));
  }
  const tfvars = write('terraform.tfvars', tfvarsText({ clauses: MODULE_CLAUSES.valid }));
  return { dir, blockFiles, tfvars, files: fs.readdirSync(dir).filter((f) => f.endsWith('.tf')).length };
}

/** The values terraform.tfvars gives the module's blocks: a valid clause count or one above the schema's maximum. */
export const MODULE_CLAUSES = { valid: 2048, invalid: 100000 };

export function tfvarsText({ clauses }) {
  return [
    'project          = "search-platform-prod"',
    'plan             = "business-8"',
    `max_clause_count = ${clauses}`,
    'search_threads   = 12',
    '',
  ].join('\n');
}
