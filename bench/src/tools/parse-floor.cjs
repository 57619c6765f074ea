// The parse floor: read every file and JSON.parse it, nothing else. Prints how many failed to parse.
// CommonJS, like the product's bundles, so that both pay the same module loading.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const files = [];
for (const arg of process.argv.slice(2)) {
  if (fs.statSync(arg).isDirectory()) for (const n of fs.readdirSync(arg).sort()) files.push(path.join(arg, n));
  else files.push(arg);
}
let failed = 0;
for (const f of files) {
  try {
    JSON.parse(fs.readFileSync(f, 'utf8'));
  } catch {
    failed++;
  }
}
process.stdout.write(JSON.stringify({ files: files.length, findings: failed }) + '\n');
