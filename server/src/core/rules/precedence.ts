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
  'unit-mismatch': ['type-mismatch', 'invalid-value', 'unit-hint'],
  // `static_ips: yes`: the YAML 1.1 spelling explains why the value is a string.
  'yaml-trap': ['type-mismatch', 'unit-hint'],
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

const silencedBy = (winner: Finding, loser: string): boolean =>
  ((SUPERSEDES[winner.ruleId]?.includes(loser) ?? false) && (STANDS_FOR_OTHERS[winner.ruleId]?.(winner) ?? true))
  || (EXPLAINS_ONLY.has(loser) && !EXPLAINS_ONLY.has(winner.ruleId));

/** The findings of one configuration with the superseded ones removed (see SUPERSEDES). Linear in the findings. */
export function oneFindingPerMistake(findings: Finding[]): Finding[] {
  if (findings.length < 2) return findings;
  const byPlace = new Map<string, Finding[]>();
  let shared = false;
  for (const f of findings) {
    const key = `${f.offset}:${f.length}:${f.path}`;
    const at = byPlace.get(key);
    if (at) { at.push(f); shared = true; } else byPlace.set(key, [f]);
  }
  if (!shared) return findings;
  const dropped = new Set<Finding>();
  for (const group of byPlace.values()) {
    if (group.length < 2) continue;
    for (const winner of group) {
      if (dropped.has(winner)) continue;
      let gravest: Severity = winner.severity;
      for (const loser of group) {
        if (loser === winner || dropped.has(loser) || !silencedBy(winner, loser.ruleId)) continue;
        dropped.add(loser);
        if (severityRank(loser.severity) < severityRank(gravest)) gravest = loser.severity;
      }
      winner.severity = gravest;
    }
  }
  return dropped.size ? findings.filter((f) => !dropped.has(f)) : findings;
}
