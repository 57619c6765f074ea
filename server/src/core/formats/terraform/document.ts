import { LineIndex } from '../../lines';
import type { FieldPath, OffsetRange } from '../../types';
import type { Comment, ConfigDocument } from '../document';
import { terraformEdits } from './edits';
import { parseHcl } from './parser';
import { pathKey, readTerraform, type Configuration } from './read';

/** One `search_user_config` block of a Terraform file, read as a configuration. Offsets are the file's. */
export interface TerraformDocument extends ConfigDocument {
  readonly format: 'terraform';
  /** The resource address that names the configuration in findings: `vendor_search.logs`. */
  readonly address: string;
}

export interface TerraformFileDocuments {
  configurations: TerraformDocument[];
  /** Syntax problems of the whole file (each configuration has those inside its resource too). */
  syntaxErrors: ConfigDocument['syntaxErrors'];
  lines: LineIndex;
}

export const isTerraformName = (fileName: string | undefined): boolean => !!fileName && /\.tf$/i.test(fileName);

/** The name of the block that holds a configuration; a file without it is not parsed at all. */
export const holdsConfiguration = (text: string): boolean => text.includes('search_user_config');

/** Reads every configuration of a Terraform file. The parser must be loaded (loadTerraformParser). */
export function parseTerraform(text: string): TerraformFileDocuments {
  // A byte order mark is read as a blank, which keeps every offset.
  const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  const lines = new LineIndex(text);
  if (!holdsConfiguration(source)) return { configurations: [], syntaxErrors: [], lines };
  const tree = parseHcl(source);
  try {
    const file = readTerraform(tree.rootNode, source);
    const comments = file.comments.map((c): Comment => ({ offset: c.offset, length: c.length, text: commentBody(text.slice(c.offset, c.offset + c.length)), line: lines.positionAt(c.offset).line }));
    const configurations = file.configurations.map((config) => configurationDocument(text, lines, config, file.syntaxErrors, comments));
    return { configurations, syntaxErrors: file.syntaxErrors, lines };
  } finally {
    tree.delete();
  }
}

const inside = (r: OffsetRange, offset: number): boolean => offset >= r.offset && offset <= r.offset + r.length;

const commentBody = (raw: string): string => (raw.startsWith('#') ? raw.slice(1) : raw.startsWith('//') ? raw.slice(2) : raw.replace(/^\/\*/, '').replace(/\*\/$/, '')).trim();

function configurationDocument(text: string, lines: LineIndex, config: Configuration, fileErrors: ConfigDocument['syntaxErrors'], fileComments: Comment[]): TerraformDocument {
  const entryOf = (path: FieldPath) => config.entries.get(pathKey(path));
  const tree = { text, entries: config.entries, repeated: config.repeated };
  return {
    format: 'terraform', address: config.address, text, commentsAllowed: true, convertsScalars: true,
    value: config.value, lines,
    syntaxErrors: fileErrors.filter((e) => inside(config.resource, e.offset)),
    unknownPaths: config.unknownPaths.length ? config.unknownPaths : undefined,
    noDuplicateKeys: config.repeated.length === 0,
    comments: () => fileComments.filter((c) => inside(config.resource, c.offset)),
    rangeAt: (path) => entryOf(path)?.value,
    locate(path, target) {
      // As far as the path exists: a missing field is reported on the key of its nearest parent.
      for (let depth = path.length; depth >= 0; depth--) {
        const entry = entryOf(path.slice(0, depth));
        if (!entry) continue;
        if (depth < path.length || target === 'key') return entry.key ?? entry.value;
        return target === 'property' ? entry.member : entry.value;
      }
      return { offset: config.resource.offset, length: 0 };
    },
    repeatedKeys: () => config.repeated,
    editsFor: (intents) => terraformEdits(tree, intents),
  };
}
