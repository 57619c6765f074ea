import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { parseTerraform } from '../../../../server/src/core/formats/terraform/document';
import { loadTerraformFromDisk, TERRAFORM_WASM_FILES } from '../../../../server/src/node/terraform-wasm';
import { REPO } from '../../../support/repo';

// Work done by the Terraform reader, counted as questions asked of web-tree-sitter's nodes (each a
// call into WebAssembly): what a block costs must not depend on how it is timed.

before(() => loadTerraformFromDisk());

/** Calls of web-tree-sitter's node properties and methods made by `run` (a property reading another counts once). */
function nodeCalls(run: () => void): number {
  // The same module the parser was loaded from (loadTerraformFromDisk requires it from dist/).
  const { Node } = require(path.join(REPO, 'dist', TERRAFORM_WASM_FILES.module)) as typeof import('web-tree-sitter');
  const proto = Node.prototype as unknown as Record<string, unknown>;
  const saved = new Map<string, PropertyDescriptor>();
  let calls = 0;
  let depth = 0;
  const counted = <T>(inner: () => T): T => {
    if (depth === 0) calls++;
    depth++;
    try {
      return inner();
    } finally {
      depth--;
    }
  };
  for (const key of Object.getOwnPropertyNames(proto)) {
    const d = Object.getOwnPropertyDescriptor(proto, key)!;
    if (key === 'constructor') continue;
    if (d.get) {
      saved.set(key, d);
      Object.defineProperty(proto, key, {
        ...d,
        get(this: unknown) {
          return counted(() => d.get!.call(this));
        },
      });
    } else if (typeof d.value === 'function') {
      saved.set(key, d);
      Object.defineProperty(proto, key, {
        ...d,
        value(this: unknown, ...args: unknown[]) {
          return counted(() => (d.value as (...a: unknown[]) => unknown).apply(this, args));
        },
      });
    }
  }
  try {
    run();
  } finally {
    for (const [key, d] of saved) Object.defineProperty(proto, key, d);
  }
  return calls;
}

const CONFIGURED =
  'resource "vendor_search" "logs" {\n  search_user_config {\n    search_version = "2"\n    # a note\n    search {\n      http_max_content_length = "100mb"\n    }\n  }\n}\n';
const other = (i: number): string =>
  `resource "aws_s3_bucket" "b${i}" {\n  bucket = "b-${i}" # the bucket\n  tags   = { team = "search", index = ${i} }\n}\n\nvariable "size_${i}" {\n  default = ${i}\n}\n\n`;

test('a block that holds no configuration costs the reader a few questions, whatever it holds', () => {
  const alone = nodeCalls(() => {
    assert.equal(parseTerraform(CONFIGURED).configurations.length, 1);
  });
  const blocks = 200;
  let read: ReturnType<typeof parseTerraform> | undefined;
  const among = nodeCalls(() => {
    read = parseTerraform(Array.from({ length: blocks / 2 }, (_, i) => other(i)).join('') + CONFIGURED);
  });
  assert.equal(read!.configurations.length, 1);
  assert.deepEqual(read!.configurations[0].value, parseTerraform(CONFIGURED).configurations[0].value);
  // Its type, whether it is a missing node, where it ends, whether it holds an error.
  assert.ok(among - alone <= blocks * 4, `${among - alone} questions for ${blocks} blocks`);
});

test("the comments of a configuration's resource are still read", () => {
  const doc = parseTerraform(other(1) + CONFIGURED).configurations[0];
  assert.deepEqual(
    doc.comments().map((c) => c.text),
    ['a note'],
  );
});
