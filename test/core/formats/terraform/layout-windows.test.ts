/**
 * A quick fix in a .tf file is written as terraform fmt would lay it out, reading only the lines
 * its alignment can reach (layoutWindows). Every edit of every line of these texts, written over
 * that part alone, must give the text written over the whole file.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertLinear } from '../../../support/growth';
import { applyEdits, settler, type TextEdit } from '../../../../server/src/core';
import { applyTerraformEdits, formatLines, layoutWindows } from '../../../../server/src/core/formats/terraform/layout';

const TEXTS: Record<string, string> = {
  'a block of aligned members': `resource "vendor_search" "a" {
  search_user_config {
    static_ips          = true
    custom_domain       = "search.example.com"
    max_index_count     = 10
    ip_filter_string    = ["10.0.0.0/8"]
  }

  plan = "business-4"
}
`,
  'trailing comments and a comment on its own': `locals {
  a   = 1   # one
  bbb = 22  # two
  # on its own
  cc = 3 // three
  d  = 4
}
`,
  'a heredoc and a block comment inside a run': `locals {
  text = <<-EOT
    key = value
    other = thing
  EOT
  n  = 1
  mm = /* a
  comment */ 2
  k = 3
}
`,
  'an interpolation whose brackets span lines': `locals {
  a = "\${
    x = 1
  }"
  bb = 2
  template = "%{if true}\${local.a}%{endif}"
  c        = 3
  s = "\${
    x
  } = "
  t = 1
}
`,
  'nested objects and lists': `resource "vendor_search" "a" {
  search_user_config {
    search {
      action_auto_create_index_enabled = true
      thread_pool_search_size          = 4
    }
    index_patterns {
      pattern           = "logs-*"
      max_index_count   = 3
      sorting_algorithm = "creation_date"
    }
    ip_filter_object = [
      { network = "10.0.0.0/8", description = "x" },
      {
        network     = "::/0"
        description = "all"
      },
    ]
  }
}
`,
};

/** Edits a fix can make of the line at `start`–`end`: a key renamed longer and shorter, the line removed, a member added after it, a comment added. */
function editsOf(text: string, start: number, end: number): TextEdit[][] {
  const line = text.slice(start, end);
  const indent = /^[ \t]*/.exec(line)![0];
  const key = /^[ \t]*([A-Za-z_][\w-]*)/.exec(line);
  const next = text.indexOf('\n', end);
  const out: TextEdit[][] = [
    [{ offset: start, length: (next < 0 ? text.length : next + 1) - start, newText: '' }],
    [{ offset: next < 0 ? text.length : next + 1, length: 0, newText: `${indent}a_rather_long_member = 1\n` }],
    [{ offset: end, length: 0, newText: ' # added' }],
  ];
  if (key) {
    const at = start + key.index + key[0].length - key[1].length;
    out.push([{ offset: at, length: key[1].length, newText: `${key[1]}_longer_name` }]);
    out.push([{ offset: at, length: key[1].length, newText: 'k' }]);
  }
  return out;
}

for (const [what, lf] of Object.entries(TEXTS)) {
  for (const text of [lf, lf.replace(/\n/g, '\r\n')]) {
    test(`each edit of each line of ${what}${text === lf ? '' : ' (CRLF)'} is written over its part of the file as over the whole file`, () => {
      const settle = settler(text, applyTerraformEdits, layoutWindows);
      let cases = 0;
      let aligned = 0;
      for (const line of formatLines(text)) {
        for (const edits of editsOf(text, line.start, line.end)) {
          const whole = applyTerraformEdits(text, edits);
          assert.equal(applyEdits(text, settle(edits)), whole, `${JSON.stringify(edits)} in ${JSON.stringify(text)}`);
          cases++;
          if (whole !== applyEdits(text, edits)) aligned++;
        }
      }
      // Among them, edits whose alignment changes other lines.
      assert.ok(aligned > 3, `${aligned} of ${cases} edits realigned lines`);
    });
  }
}

test('the part of the file an edit is written over stops at the lines terraform fmt never realigns', () => {
  const text = TEXTS['a block of aligned members'];
  const window = layoutWindows(text)({ offset: text.indexOf('custom_domain'), length: 0 });
  // From the block's opening line to its closing brace: the members' run and nothing of `plan`.
  assert.equal(
    text.slice(window.offset, window.offset + window.length),
    text.slice(text.indexOf('  search_user_config'), text.indexOf('  }') + 3),
  );
});

test('writing an edit of each line of one long run of aligned members takes linear CPU time', () => {
  // Each edit's alignment reaches the whole run, so each reads all of it: past a budget of passes
  // over the text, the rest keep their edits as they are.
  assertLinear('edits of one long run', (k, s) => {
    const n = 200 * k * s;
    const text = `locals {\n${Array.from({ length: n }, (_, i) => `  m${String(i).padStart(6, '0')} = ${i}\n`).join('')}}\n`;
    const lines = formatLines(text).filter((l) => l.equals !== undefined);
    assert.equal(lines.length, n);
    const edits = lines.map((l): TextEdit[] => [{ offset: l.start + 2, length: 7, newText: 'longer_name' }]);
    return () => {
      const settle = settler(text, applyTerraformEdits, layoutWindows);
      for (const e of edits) settle(e);
    };
  });
});
