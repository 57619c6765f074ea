/**
 * Numbers Terraform reads that the HCL grammar does not. Terraform's scanner takes an exponent
 * after any digits (`5e1`, `1e6`, `5e-1`, `5.e1`); tree-sitter's HCL grammar takes one only after
 * a fraction (`5.0e1`), so a file that `terraform validate` accepts would be a syntax error. The
 * grammar is given a copy of the text in which such a number's exponent is all zeros (`5e-1` →
 * `5000`, `5.e1` → `5.00`): still one number, of the same length, so every offset and line stays
 * where it was. The other way round, the grammar takes `0x1F` as a number, which Terraform
 * refuses: its `x` is a space in the copy, a syntax error there too. Values are read from the
 * original text (see rememberSource), never from this copy.
 *
 * The copy is made without knowing strings, comments or heredocs: a rewrite there changes
 * letters of text into digits of text, which the grammar reads the same way. What it must not
 * touch is an identifier (`a5e1`, `x-5e1`), which is skipped whole.
 */
export function grammarText(text: string): string {
  // Nearly every file has no digit before an `e` or an `x`: the copy is then the text itself.
  if (!/\d\.?[eE]|0[xX]/.test(text)) return text;
  let out: string[] | undefined;
  let copied = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (startsIdentifier(c)) {
      i++;
      while (i < n && continuesIdentifier(text.charCodeAt(i))) i++;
    } else if (isDigit(c)) {
      const start = i;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      if (i === start + 1 && c === ZERO && (text.charCodeAt(i) | 0x20) === 0x78 && continuesIdentifier(text.charCodeAt(i + 1))) {
        // The grammar reads `0x1F` as a number; Terraform has no hexadecimal numbers and refuses it
        // (`0x` before anything else is already an error to both).
        out ??= [];
        out.push(text.slice(copied, i), ' ');
        copied = ++i;
        continue;
      }
      let fraction = false;
      if (text.charCodeAt(i) === DOT) {
        const after = i + 1;
        let j = after;
        while (j < n && isDigit(text.charCodeAt(j))) j++;
        // `5.e1` is a number; `5.` followed by anything else is left to the grammar.
        if (j > after || isExponentAt(text, after)) {
          fraction = j > after;
          i = j;
        }
      }
      if (isExponentAt(text, i)) {
        const mark = i;
        i += isSign(text.charCodeAt(i + 1)) ? 2 : 1;
        while (i < n && isDigit(text.charCodeAt(i))) i++;
        if (!fraction) {
          out ??= [];
          out.push(text.slice(copied, mark), '0'.repeat(i - mark));
          copied = i;
        }
      }
    } else i++;
  }
  if (!out) return text;
  out.push(text.slice(copied));
  return out.join('');
}

const DOT = 0x2e;
const ZERO = 0x30;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isSign = (c: number): boolean => c === 0x2b || c === 0x2d;
/** `e` or `E`, an optional sign, then a digit: an exponent starts at `at`. */
function isExponentAt(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c !== 0x65 && c !== 0x45) return false;
  const next = isSign(text.charCodeAt(at + 1)) ? at + 2 : at + 1;
  return isDigit(text.charCodeAt(next));
}
/** HCL identifiers start with a letter or `_` (any non-ASCII character is taken as one, to be safe). */
const startsIdentifier = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c > 0x7f;
/** ... and go on with letters, digits, `_` and `-`. */
const continuesIdentifier = (c: number): boolean => startsIdentifier(c) || isDigit(c) || c === 0x2d;
