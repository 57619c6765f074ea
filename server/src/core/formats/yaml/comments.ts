import type { LineIndex } from '../../lines';
import type { Comment } from '../document';
import { yaml } from './read';

/** The `yaml` package's lexemes that stand for no text of the file: document mode, end of a broken flow collection, "a scalar follows". */
const DOC_MODE = '\x02';
const FLOW_ERROR_END = '\x18';
const SCALAR = '\x1f';

/** A line holding a document marker: it ends any scalar above it, so the documents are lexed apart. */
const DOCUMENT_MARKER = /^---(?=[ \t\r\n]|$)/gm;

/**
 * The `#` comments of a YAML file, in order, as the `yaml` package's lexer finds them: never in a
 * quoted scalar (one over several lines, one with a `''` in it), nor in a block scalar's text, and
 * the comment on a block scalar's header line (`key: | # note`) is one. Each document is lexed on
 * its own, so that a quote left open in one takes no comment of the next. Linear in the text.
 */
export function yamlComments(text: string, lines: LineIndex): Comment[] {
  const out: Comment[] = [];
  if (!text.includes('#')) return out;
  const starts = [0];
  for (const m of text.matchAll(DOCUMENT_MARKER)) if (m.index > 0) starts.push(m.index);
  starts.push(text.length);
  const { Lexer } = yaml();
  for (let d = 0; d + 1 < starts.length; d++) {
    let offset = starts[d];
    let atScalar = false;
    for (const lexeme of new Lexer().lex(text.slice(starts[d], starts[d + 1]))) {
      // The lexeme after the scalar mark is the scalar's text, whatever it starts with.
      if (atScalar) atScalar = false;
      else if (lexeme === SCALAR) {
        atScalar = true;
        continue;
      } else if (lexeme === DOC_MODE || lexeme === FLOW_ERROR_END) continue;
      else if (lexeme[0] === '#') {
        const raw = lexeme.endsWith('\r') ? lexeme.slice(0, -1) : lexeme;
        out.push({ offset, length: raw.length, text: raw.slice(1).trim(), line: lines.positionAt(offset).line });
      }
      offset += lexeme.length;
    }
  }
  return out;
}
