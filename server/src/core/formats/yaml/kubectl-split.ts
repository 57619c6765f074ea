/**
 * What kubectl (and Helm) make of a manifest file before any YAML is read: they cut it into documents at
 * every line that starts with `---` (apimachinery's YAMLReader), then read the first document of each
 * part. Two spellings YAML allows do not survive that cut, and kubectl apply refuses the file for them:
 * a directive (`%YAML 1.2`) that starts its part, left alone before its `---` ("did not find expected
 * <document start>"), and a document written on its `---` line (`--- {kind: Search}`), since only blanks or a
 * comment may follow the marker ("invalid Yaml document separator").
 */
export interface KubectlRefusal {
  offset: number;
  length: number;
  message: string;
}

// Anchored at a line start, with no two quantifiers over the same characters: one pass, linear.
const CONTENT_AFTER_MARKER = /^---[ \t]+[^ \t#\r\n]/;
const BLANK_OR_COMMENT = /^[ \t]*(?:#.*)?\r?$/;

/** A line that may be refused: most files have none, and are not cut into lines for nothing. */
const MAY_BE_REFUSED = /^(?:%|---[ \t]+[^ \t#\r\n])/m;

export function kubectlRefusals(text: string): KubectlRefusal[] {
  const out: KubectlRefusal[] = [];
  if (!MAY_BE_REFUSED.test(text)) return out;
  // Whether the part kubectl cuts at the last `---` line holds anything but blanks and comments yet: a
  // directive after a whole document is never read (the first document of a part is), only one that
  // starts its part is.
  let held = false;
  let offset = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('---')) {
      held = false;
      if (CONTENT_AFTER_MARKER.test(line))
        out.push({
          offset,
          length: 3,
          message:
            'kubectl and Helm take only blanks or a comment after a --- line, and kubectl apply refuses a document written on it ("invalid Yaml document separator"). Start the document on the next line.',
        });
    } else if (line.startsWith('%') && !held) {
      const directive = line.trimEnd();
      out.push({
        offset,
        length: directive.length,
        message: `kubectl and Helm cut a manifest file at its --- lines, which leaves this directive (${directive.slice(0, 40)}) alone before its document, and kubectl apply refuses the file ("did not find expected <document start>"). Remove the directive: a manifest needs none.`,
      });
    } else if (!BLANK_OR_COMMENT.test(line)) held = true;
    offset += line.length + 1;
  }
  return out;
}
