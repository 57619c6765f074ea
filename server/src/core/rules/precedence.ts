import type { Finding, Severity } from '../types';
import { severityRank } from '../types';

/**
 * One mistake, one finding. Where several rules judge the same value (the same range of the
 * same field), the most specific one reports it and the rules it supersedes are silent there:
 * its message and fix already say what they would have said (the type expected, the unit, the
 * bounds, the value to write). The winner keeps the gravest severity of the findings it stands
 * for, so that a run fails exactly as it would have with all of them.
 *
 * This table is the only place where rules know of each other.
 */
export const SUPERSEDES: Readonly<Record<string, readonly string[]>> = {
  // `"100mb"`, `30` for milliseconds, `0.1` for a percentage: the unit explains the type and the bounds.
  // `static_ips: yes`: the YAML 1.1 spelling explains why the value is a string.
  'yaml-trap': ['type-mismatch'],
  // `search_version: 3` written as a number: the allowed values are the answer, and the finding says the
  // field takes a string; a bound broken is the answer where the value is also of a risky size. A
  // spelling YAML reads otherwise (`search_version: 2.10`, `custom_domain: on`, a timeout of `0755`) is
  // not allowed either way: quoting it as the trap would, or dropping its zero, writes a value still
  // refused, so the value to write is the answer. A thread pool above the API's maximum is refused, not
  // lowered to what the CPUs allow. A URL the API refuses (`http://`) is written again whole, and the
  // message of one written with http:// says to use https://.
  'invalid-value': ['type-mismatch', 'performance-risk', 'yaml-trap', 'thread-pool-capped', 'insecure-url'],
  // `10.20.0.0/16 office network` in ip_filter: the block is the mistake, and its length follows from it.
  'invalid-cidr': ['invalid-value'],
  // `0.0.0.1/0` with public access: the block lets every address in, and writing it without its host bits
  // (0.0.0.0/0) would leave it so; being open is the mistake.
  'ip-filter-open': ['invalid-cidr'],
  // `http_max_content_length: 0755`: the value to write answers the leading zero too.
  'unit-mismatch': ['type-mismatch', 'invalid-value', 'yaml-trap'],
  // unit-hint is silent wherever another rule reports (EXPLAINS_ONLY below), so no rule lists it.
};

/**
 * The field a finding is about, where that is not where it stands: missing-required reports on the
 * object that lacks the member.
 */
const SUBJECT: Readonly<Record<string, (f: Finding) => string | undefined>> = {
  'missing-required': (f) => {
    const m = /(?:is missing|needs) "([^"]+)"/.exec(f.message);
    return m ? `${f.path ? `${f.path}.` : ''}${m[1]}` : undefined;
  },
};
const subjectOf = (f: Finding): string | undefined => (SUBJECT[f.ruleId] ? SUBJECT[f.ruleId](f) : f.path);

/**
 * The same, where the rules underline different parts of one field (its key, its value, the object
 * holding it): the loser's finding about the field `field` gives for the winner's finding is silenced.
 */
export const SUPERSEDES_ON_FIELD: Readonly<
  Record<string, ReadonlyArray<{ rules: readonly string[]; field: (winner: Finding) => string | undefined }>>
> = {
  // `disable_replication_factor_adjustment: true`: that it cannot be enabled says why it is deprecated.
  'setting-cannot-be-enabled': [{ rules: ['deprecated-field'], field: (w) => w.path }],
  // A required field the baseline had: adding it answers both its absence and its removal.
  'missing-required': [{ rules: ['removed-field'], field: subjectOf }],
  'unknown-field': [
    // `conect_url` for the required `connect_url`: renaming the key, as its fix does, answers both the
    // unknown key and the member missing.
    {
      rules: ['missing-required'],
      field: (w) => {
        const m = /: did you mean "([^"]+)"\?$/.exec(w.message);
        const parent = w.path.includes('.') ? w.path.slice(0, w.path.lastIndexOf('.')) : '';
        return m ? `${parent ? `${parent}.` : ''}${m[1]}` : undefined;
      },
    },
    // `search = "x"` in a .tf file, where the provider takes a block: writing the block, with its members,
    // answers the type too, and an object written as the argument would still be refused.
    { rules: ['type-mismatch'], field: (w) => (/Terraform refuses an argument named "/.test(w.message) ? w.path : undefined) },
  ],
};

/**
 * Rules that only explain a value (its unit): a hint where nothing else is said about the value,
 * silent where another rule reports it (hover and inlay hints show them there).
 */
export const EXPLAINS_ONLY: ReadonlySet<string> = new Set(['unit-hint']);

/**
 * Where a rule reports more than one kind of mistake, the findings of it that stand for others: a YAML
 * trap about a spelling explains the type (also where its fix cannot be written: in a merged member, or
 * in an anchor other manifests use); its note that a value is an alias or an anchor, which points to the
 * other end, says nothing of the type, which is then reported too.
 */
const STANDS_FOR_OTHERS: Readonly<Record<string, (f: Finding) => boolean>> = {
  'yaml-trap': (f) => !f.related?.length,
};

const silencedBy = (winner: Finding, loser: Finding): boolean =>
  ((SUPERSEDES[winner.ruleId]?.includes(loser.ruleId) ?? false) && (STANDS_FOR_OTHERS[winner.ruleId]?.(winner) ?? true)) ||
  (EXPLAINS_ONLY.has(loser.ruleId) && !EXPLAINS_ONLY.has(winner.ruleId));

/** Whether a rule may stand for others: it runs whenever they could (and takes their severity). */
export const mayStandForOthers = (ruleId: string): boolean => ruleId in SUPERSEDES || ruleId in SUPERSEDES_ON_FIELD;

/** The findings of one configuration with the superseded ones removed (see SUPERSEDES). One sort of their offsets, then linear. */
export function oneFindingPerMistake(all: Finding[]): Finding[] {
  const findings = onePerField(all);
  // Findings at one place share their offset. The offsets shared are found first, in a sorted copy of
  // them all: most findings have an offset of their own, and a typed array sorts many thousands of
  // numbers in far less time than a map takes to hold them.
  const offsets = new Float64Array(findings.length);
  for (let i = 0; i < findings.length; i++) offsets[i] = findings[i].offset;
  offsets.sort();
  const shared = new Set<number>();
  for (let i = 1; i < offsets.length; i++) if (offsets[i] === offsets[i - 1]) shared.add(offsets[i]);
  if (!shared.size) return findings;
  // One place is one range of one field.
  const byPlace = new Map<string, Finding[]>();
  for (const f of findings) {
    if (!shared.has(f.offset)) continue;
    const key = `${f.offset}:${f.length}:${f.path}`;
    const group = byPlace.get(key);
    if (group) group.push(f);
    else byPlace.set(key, [f]);
  }
  const dropped = new Set<Finding>();
  for (const group of byPlace.values()) if (group.length > 1) settle(group, dropped);
  return dropped.size ? findings.filter((f) => !dropped.has(f)) : findings;
}

/**
 * Within findings at one place, silences those another stands for; the winners take the gravest severity.
 * A finding silenced already still gives its severity to every other that stands for it, as on a field
 * (onePerField). No rule stands for itself (a test of the tables holds it), so a winner is never its own loser.
 */
function settle(group: Finding[], dropped: Set<Finding>): void {
  for (const winner of group) {
    if (dropped.has(winner)) continue;
    let gravest: Severity = winner.severity;
    for (const loser of group) {
      if (!silencedBy(winner, loser)) continue;
      dropped.add(loser);
      if (severityRank(loser.severity) < severityRank(gravest)) gravest = loser.severity;
    }
    winner.severity = gravest;
  }
}

/** The rules SUPERSEDES_ON_FIELD may silence. */
const FIELD_LOSERS: ReadonlySet<string> = new Set(Object.values(SUPERSEDES_ON_FIELD).flatMap((all) => all.flatMap((s) => s.rules)));

/** The findings with those SUPERSEDES_ON_FIELD silences removed; the winners take the gravest severity. */
function onePerField(findings: Finding[]): Finding[] {
  const byField = new Map<string, Finding[]>();
  for (const f of findings) {
    if (!FIELD_LOSERS.has(f.ruleId)) continue;
    const key = `${f.ruleId} ${subjectOf(f)}`;
    const at = byField.get(key);
    if (at) at.push(f);
    else byField.set(key, [f]);
  }
  if (!byField.size) return findings;
  const dropped = new Set<Finding>();
  for (const winner of findings) {
    for (const table of SUPERSEDES_ON_FIELD[winner.ruleId] ?? []) {
      const field = table.field(winner);
      if (field === undefined) continue;
      for (const rule of table.rules) {
        // Each finding that answers a silenced one takes its severity, also where another answers it too
        // (two keys misspelt for one missing member are each as grave as its absence).
        for (const loser of byField.get(`${rule} ${field}`) ?? []) {
          dropped.add(loser);
          if (severityRank(loser.severity) < severityRank(winner.severity)) winner.severity = loser.severity;
        }
      }
    }
  }
  return dropped.size ? findings.filter((f) => !dropped.has(f)) : findings;
}
