// VS Code's built-in JSON support (vscode-json-languageservice) run as a process over files,
// with the configuration schema: what an editor does for each file it opens.
//   node jsonls.mjs SCHEMA FILE|DIR...   prints {"files","findings"}
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLanguageService } from './jsonls-service.mjs';

const [schemaFile, ...inputs] = process.argv.slice(2);
const files = [];
for (const arg of inputs) {
  if (fs.statSync(arg).isDirectory()) for (const n of fs.readdirSync(arg).sort()) files.push(path.join(arg, n));
  else files.push(arg);
}
const { validateText } = createLanguageService(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));
let findings = 0;
const located = [];
for (const f of files) {
  const diagnostics = await validateText(pathToFileURL(f).href, fs.readFileSync(f, 'utf8'));
  findings += diagnostics.length;
  if (files.length === 1) for (const d of diagnostics.slice(0, 5)) located.push(`${d.range.start.line + 1}:${d.range.start.character + 1}`);
}
process.stdout.write(JSON.stringify({ files: files.length, findings, located }) + '\n');
