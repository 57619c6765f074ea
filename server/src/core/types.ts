/** Shared vocabulary of the analyzer core. Nothing here performs I/O. */

export type Severity = 'error' | 'warning' | 'info' | 'hint';
export type SeveritySetting = Severity | 'off';
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info', 'hint'];
/** Lower rank = more severe. */
export const severityRank = (s: Severity): number => SEVERITIES.indexOf(s);

/** A segment of a field path: object key or array index. */
export type Segment = string | number;
export type FieldPath = readonly Segment[];

export interface Position {
  line: number;
  character: number;
} // 0-based, UTF-16 code units
export interface Range {
  start: Position;
  end: Position;
}
export interface OffsetRange {
  offset: number;
  length: number;
}

export interface TextEdit {
  offset: number;
  length: number;
  newText: string;
}
/** A format's writer of edits: the text after them, laid out as its formatter lays it out. */
export type EditWriter = (text: string, edits: readonly TextEdit[]) => string;

/**
 * Where a format's layout of an edit can reach: asked once for a text, it gives for an edited
 * range the part of the text that writing the edit there can change.
 */
export type LayoutWindows = (text: string) => (range: OffsetRange) => OffsetRange;

export interface Fix {
  /** What the fix does, imperative: "Replace \"10\" with 10". */
  title: string;
  edits: TextEdit[];
}

export type FindingTag = 'deprecated' | 'unnecessary';

export interface RelatedInfo {
  message: string;
  range?: Range;
  /** The finding concerns another document (e.g. the baseline). */ inBaseline?: boolean;
}

export interface Finding {
  ruleId: string;
  severity: Severity;
  message: string;
  /** Dotted field path: `search.http_max_content_length`, `ip_filter[2]`, `` for the root. */
  path: string;
  range: Range;
  offset: number;
  length: number;
  fix?: Fix;
  suggestions?: Fix[];
  tags?: FindingTag[];
  related?: RelatedInfo[];
  /**
   * A syntax error after which the file cannot be read (ESLint's parse error): an error whatever the
   * rule's severity is set to, `off` included, and no suppression comment silences it.
   */
  fatal?: true;
}

/** Options understood by `analyze`. All optional: defaults give the documented behaviour. */
export interface AnalyzeOptions {
  /** Used only to tell `.jsonc` (comments and trailing commas allowed) from `.json`. */
  fileName?: string;
  /**
   * How messages name the file itself (a Terraform variable's value `from infra/main.tf:2`), when not by
   * its base name: the path the report shows; standard input read without `--stdin-filename` is given a
   * name by its content (`stdin.tf`), but is `<stdin>` to its reader.
   */
  displayName?: string;
  /** Rule id -> severity override. */
  rules?: Record<string, SeveritySetting>;
  /** Text of the same configuration as deployed now; enables change-aware rules. */
  baselineText?: string;
  /** Human name of the baseline for messages, e.g. `git:HEAD`. */
  baselineLabel?: string;
  /** CPU count of the service's nodes; enables thread pool checks. */
  cpus?: number;
  /** Files larger than this many UTF-16 code units are not analysed. */
  maxFileSize?: number;
  /** Deeper nesting than this is reported and not analysed. */
  maxDepth?: number;
  /**
   * Findings milder than this are not wanted (the CLI's --min-severity): rules running at a
   * milder severity are skipped, since they can only report milder findings. Not when the
   * document has comments: whether a suppression comment is used depends on every rule having
   * run. Findings are not filtered here.
   */
  minSeverity?: Severity;
  /**
   * When given, the milliseconds spent are added to it by phase: `parse`, `schema` (the schema
   * validator), each rule id, and `other` (locating findings is counted with the rule that
   * reports them). For `TIMING=1 search-config lint` and the benchmark; sums over many files.
   */
  timings?: Map<string, number>;
  /**
   * Host patterns of the service (`.search-lint.json` `requests.hosts`): a request in a request file to
   * a host that is written out and matches none of them goes elsewhere and is not judged.
   */
  requestHosts?: string[];
  /**
   * For a Terraform file: the files of its module directory that give variables their values (the
   * other `.tf` files with their `variable` defaults, `terraform.tfvars`, `*.auto.tfvars`), so that
   * `var.NAME` is checked as that value. Read by the host; without them such values are unknown.
   */
  terraformVariables?: Array<{ fileName: string; text: string }>;
  /**
   * The user named this file (on the command line, or as standard input): it is read whatever a text
   * pre-filter says, and what is not read of it is said (a YAML file with no configuration gets an info).
   * `'when-ours'`: the file is open in an editor, which opens every YAML file of a workspace: the same is
   * said only of the `kind: Search` documents of a file that has a `kind: Search` line (another API group,
   * no spec.userConfig), and a file with none read says nothing.
   */
  named?: boolean | 'when-ours';
}

export const DEFAULT_MAX_FILE_SIZE = 20 * 1024 * 1024;
export const DEFAULT_MAX_DEPTH = 256;

/** A finding as a rule reports it, before it is located and given its effective severity. */
export interface RawFinding {
  path: FieldPath;
  /** What to underline: the key of the field, its value, or the whole property. Default: value. */
  target?: 'key' | 'value' | 'property';
  /** Explicit location, overriding path/target (syntax errors, comments). */
  at?: OffsetRange;
  message: string;
  fix?: Fix;
  suggestions?: Fix[];
  tags?: FindingTag[];
  related?: RelatedInfo[];
  /** A milder severity for this one finding (e.g. a suspicious but valid value); never raises the rule's severity. */
  severity?: Severity;
  /** A syntax error after which the file cannot be read (see Finding.fatal). */
  fatal?: true;
}

export interface RuleExample {
  /** Document text. */
  code: string;
  fileName?: string;
  baseline?: string;
  cpus?: number;
  /** The formats this JSON example is shown in when not all of its rule's, and why (an HCL name cannot hold a dot). */
  only?: { formats: ExampleFormat[]; why: string };
}

/** The formats a configuration is written in: JSON (the API), Terraform, YAML (Kubernetes manifests). */
export type ExampleFormat = 'json' | 'terraform' | 'yaml';

export interface RuleMeta {
  id: string;
  defaultSeverity: Severity;
  summary: string;
  /** Longer explanation in markdown for the generated docs. */
  details: string;
  fixable: boolean;
  /** Only active when a baseline is given. */
  needsBaseline?: boolean;
  /** Only active when a CPU count is given. */
  needsCpus?: boolean;
  /**
   * Reports the text's syntax errors. Its findings stand past the first error the parser cannot read
   * past exactly, where every other rule's would judge the parser's guesses.
   */
  reportsSyntax?: boolean;
  /**
   * Its messages say themselves where a Terraform variable gives the value they are about (or that
   * the finding is about another value): no "(the value of var.x, from …)" is added to them.
   */
  namesVariables?: boolean;
  /** What the rule reads: service configurations (the default) or request files, runbooks and scripts. */
  documents?: 'configurations' | 'requests';
  examples: { valid: RuleExample[]; invalid: RuleExample[] };
  /**
   * The formats its JSON examples are shown in, when not all three, and why: a rule about what only
   * some formats can hold. Examples written in a file type of their own are shown in it only.
   */
  exampleFormats?: { formats: Array<ExampleFormat | 'requests'>; why: string };
}
