import { holdsCidr, isWholeInternet } from '../cidr';
import { factsOf } from '../file-facts';
import { formatPath } from '../paths';
import { defineRule } from '../rule';
import { keysAt, schemaAt } from '../schema';
import { isObject } from '../values';
import { eachKnownField } from '../walk';

const list = (items: string[]): string =>
  items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * The blocks of ip_filter's default that let everyone in: the service's default is open to the whole
 * Internet (a schema test holds it so), which is what an absent ip_filter means.
 */
const DEFAULT_OPEN: readonly string[] = (schemaAt(['ip_filter'])?.default as string[]).filter(isWholeInternet);

/** The network of an ip_filter entry: a CIDR text, or an object's `network`. */
const networkOf = (entry: unknown): string | undefined =>
  typeof entry === 'string' ? entry : isObject(entry) && typeof entry.network === 'string' ? entry.network : undefined;

export default defineRule({
  meta: {
    id: 'ip-filter-open',
    defaultSeverity: 'warning',
    summary: '`ip_filter` lets the whole Internet connect while public access is enabled.',
    details: [
      '`0.0.0.0/0` and `::/0` in `ip_filter` allow connections from every IPv4 or IPv6 address. With a `public_access` member enabled, the corresponding port is then reachable from the entire Internet, protected by credentials alone.',
      '',
      'When `ip_filter` is absent, the service uses its default, which is itself open to every address. Because that is the easiest way to expose a service by accident, the rule then reports the enabled `public_access` members (one finding on `public_access`), asking for an explicit `ip_filter`. Without public access (all `public_access` members false or absent), nothing is reported: the filter then applies to private networks only.',
      '',
      "A prefix of `/0` written with host bits (`0.0.0.1/0`) is open just as well: this finding stands for `invalid-cidr`'s there, since writing the block without them would leave it open.",
      '',
      'With a baseline from which `ip_filter` was removed, the service keeps the removed filter (the API merges the configuration): the rule judges that filter instead of the default.',
      '',
      'If the service really must be reachable from anywhere, say so with a suppression comment and a reason.',
    ].join('\n'),
    fixable: false,
    examples: {
      valid: [
        { code: '{ "public_access": { "search": true }, "ip_filter": ["203.0.113.0/24"] }' },
        { code: '{ "ip_filter": ["0.0.0.0/0"] }' },
      ],
      invalid: [
        { code: '{ "public_access": { "search": true }, "ip_filter": ["0.0.0.0/0"] }' },
        { code: '{ "public_access": { "search_dashboards": true } }' },
      ],
    },
  },
  check(ctx) {
    const root = ctx.value;
    if (!isObject(root) || !isObject(root.public_access)) return;
    const ports = keysAt(['public_access']);
    const enabled = Object.entries(root.public_access)
      .filter(([k, on]) => on === true && ports.includes(k))
      .map(([k]) => `public_access.${k}`);
    if (!enabled.length) return;
    const exposed = `${list(enabled)} ${enabled.length === 1 ? 'is' : 'are'} enabled`;
    if (root.ip_filter === undefined) {
      // The API merges the configuration: a filter removed from it stays on the deployed service
      // (removed-field says so), and is what lets addresses in, open or not.
      const baseline = ctx.baseline;
      const kept = baseline && !baseline.replaced && isObject(baseline.value) ? baseline.value.ip_filter : undefined;
      if (kept !== undefined && kept !== null) {
        const open = Array.isArray(kept) ? kept.map(networkOf).filter((n): n is string => n !== undefined && isWholeInternet(n)) : [];
        if (open.length)
          ctx.report({
            path: ['public_access'],
            target: 'key',
            message: `${exposed} and the service keeps the ip_filter of ${baseline!.label} (removing it does not reset it), which holds ${list(open)}: every address on the Internet can connect. Write an ip_filter with the networks of your clients.`,
          });
        return;
      }
      ctx.report({
        path: ['public_access'],
        target: 'key',
        message: `${exposed} and ip_filter is not set, so its default (${DEFAULT_OPEN.join(', ')}) lets every address on the Internet connect. Add an ip_filter with the networks of your clients.`,
      });
      return;
    }
    // A block open to everyone ends in /0 (or /00, /000), so its text holds `/0` unless written
    // with \u escapes: without either, a long ip_filter need not be read (the file's text is
    // looked at once, not once per configuration).
    // Fast path: an open block is written in the text, unless a variable's value (set elsewhere) gives it.
    const file = factsOf(ctx.doc.text);
    if (!ctx.doc.variablesUsed?.length && !file.includes('/0') && !file.includes('\\u')) return;
    eachKnownField(root, holdsCidr, (v) => {
      // Every CIDR field is an ip_filter entry or its network (a schema test holds it so).
      if (typeof v.value !== 'string' || !isWholeInternet(v.value)) return;
      ctx.report({
        path: v.path,
        message: `${formatPath(v.path)} is ${JSON.stringify(v.value)}, which lets every ${v.value.includes(':') ? 'IPv6' : 'IPv4'} address connect, and ${exposed}: the service is open to the whole Internet. Allow only the networks of your clients.`,
      });
    });
  },
});
