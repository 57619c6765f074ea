// Drives the extension's own features in VS Code (code-server + Chromium via playwright-core): accept a
// completion, open a rule's documentation, show the change impact, fix all problems, restart the server.
// Saves the file after each edit and prints what is on disk, so that the caller can compare it with the
// analyzer's own results. Prints JSON lines; exit 0 when every UI step completed.
//   node vscode-commands.mjs --url URL --folder WS --file NAME --complete L:C --label LABEL --rule-at L:C
//                            [--custom RELATIVE_PATH] [--fix-on-save KEY] [--steps a,b,...] [--screenshot OUT.png]   (L:C 1-based, as in Ctrl+G)
//                            [--hover L:C [--expect-hover TEXT]] [--no-folder 1 [--plain-first NAME]]   (an empty window; files opened by their path under WS)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const { chromium } = createRequire(path.join(process.env.PLAYWRIGHT_HOME ?? '/tmp/realclients/pw', '/'))('playwright-core');
const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const file = path.join(args.folder, args.file);
const emit = (o) => process.stdout.write(JSON.stringify(o) + '\n');
const failures = [];
const shot = args.screenshot ?? '/tmp/vscode-commands.png';
const steps = new Set((args.steps ?? 'completion,ruleDocumentation,changeImpact,fixAll,fixOnSave,restart,customGlob').split(','));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
});
const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
const page = await context.newPage();
// A loaded machine can take longer than 30 s to load the workbench: VSCODE_TIMEOUT_MS raises the limit.
page.setDefaultTimeout(Number(process.env.VSCODE_TIMEOUT_MS) || 30000);
// Errors of the browser side (the web worker extension host logs there) go to the output, for diagnosis.
page.on('console', (m) => {
  if (m.type() === 'error') emit({ type: 'console', text: m.text().slice(0, 2000) });
});
page.on('pageerror', (e) => emit({ type: 'console', text: String(e?.stack ?? e).slice(0, 2000) }));
// Remember the links the workbench opens in a new tab: the fragment (the rule's anchor) is not part of the request.
await page.addInitScript(() => {
  const open = window.open.bind(window);
  window.__openedLinks = [];
  window.open = (url, ...rest) => {
    window.__openedLinks.push(String(url));
    return open(url, ...rest);
  };
});

/** Language server processes of the extension installed for this session (under SESSION_DIR); -1 when unknown. */
function serverProcesses() {
  const dir = process.env.SESSION_DIR;
  if (!dir || !fs.existsSync('/proc')) return -1;
  let n = 0;
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    let cmd = '';
    try {
      cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (cmd.includes(dir) && cmd.includes('dist/server.js')) n++;
  }
  return n;
}

/** Quick Open of a file by its absolute path, once the list shows that file (not a recent one). */
async function openByPath(p) {
  await page.keyboard.press('Control+P');
  const qi = page.locator('.quick-input-widget input');
  await qi.waitFor({ state: 'visible' });
  await qi.fill(p);
  await page
    .locator('.quick-input-list .monaco-list-row', { hasText: path.basename(p) })
    .first()
    .waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
  await page
    .locator('.tabs-container .tab.active', { hasText: path.basename(p) })
    .first()
    .waitFor({ state: 'visible' });
}

async function quickInput(text) {
  const qi = page.locator('.quick-input-widget input');
  await qi.waitFor({ state: 'visible' });
  await qi.fill(text);
  await page.locator('.quick-input-list .monaco-list-row').first().waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
}
/**
 * Opens the command palette and runs a command. A key press can land while the workbench is moving focus
 * (after a save, a tab click) and open nothing, or leave the palette's input not yet editable: then the
 * palette is closed and opened again, a few times, before the step fails.
 */
async function runCommand(title) {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press(attempt % 2 ? 'F1' : 'Control+Shift+P');
    const qi = page.locator('.quick-input-widget .quick-input-box input');
    try {
      await qi.waitFor({ state: 'visible', timeout: 8000 });
      await qi.fill('>' + title, { timeout: 8000 });
      await page
        .locator('.quick-input-list .monaco-list-row', { hasText: title.replace(/^.*?: /, '') })
        .first()
        .waitFor({ state: 'visible', timeout: 8000 });
      await page.keyboard.press('Enter');
      return;
    } catch (e) {
      if (attempt >= 4) throw e;
      emit({ type: 'retry', what: `command palette for ${title}`, attempt, error: String(e?.message ?? e).split('\n')[0] });
      await page.keyboard.press('Escape');
      await page
        .locator('.editor-instance .monaco-editor .view-lines')
        .first()
        .click()
        .catch(() => {});
    }
  }
}
async function goto(spec) {
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+G');
  await quickInput(':' + spec);
  await page.waitForTimeout(200);
}
/** Waits for the edit to land (the tab turns dirty), saves, and returns the file once the save completed. */
async function saveAndRead(before) {
  const dirty = page.locator('.tabs-container .tab.dirty').first();
  await dirty.waitFor({ state: 'visible', timeout: 15000 });
  await page.keyboard.press('Control+S');
  await dirty.waitFor({ state: 'detached', timeout: 15000 });
  const now = fs.readFileSync(file, 'utf8');
  if (now === before) throw new Error('the file on disk did not change after saving');
  return now;
}
async function step(name, fn) {
  try {
    await fn();
  } catch (e) {
    failures.push(`${name}: ${String(e?.message ?? e).split('\n')[0]}`);
    await page.screenshot({ path: shot.replace(/\.png$/, `-${name}-failure.png`) }).catch(() => {});
    await page.keyboard.press('Escape').catch(() => {});
  }
}
const statusItem = () => page.locator('.statusbar-item', { hasText: 'Search Config' }).first();

try {
  const u = new URL(args.url);
  // --no-folder 1: an empty window (code-server's `ew`, no folder open), the file opened by its absolute path.
  const noFolder = args['no-folder'] === '1';
  if (noFolder) u.searchParams.set('ew', 'true');
  else u.searchParams.set('folder', args.folder);
  await page.goto(u.toString(), { waitUntil: 'domcontentloaded' });
  if (noFolder) await page.locator('.monaco-workbench .part.statusbar').waitFor({ state: 'visible' });
  else await page.waitForSelector('.explorer-folders-view .monaco-list-row', { state: 'visible' });
  await page
    .locator('.monaco-workbench')
    .click({ position: { x: 700, y: 400 } })
    .catch(() => {});
  if (noFolder && args['plain-first']) {
    // A plain-text file the server does not handle, opened first: the extension may activate, no server starts.
    await openByPath(path.join(args.folder, args['plain-first']));
    // A command of the extension: it runs once the extension's activation has finished (a server started
    // there is running by then), and it starts no server itself.
    await runCommand('Search Config: Show Output');
    await page.locator('.part.panel select.monaco-select-box').first().waitFor({ state: 'visible' });
    emit({
      type: 'outputChannel',
      selected: await page
        .locator('.part.panel select.monaco-select-box')
        .first()
        .evaluate((el) => el.options[el.selectedIndex]?.text ?? ''),
    });
    const mode = (
      await page
        .locator('.statusbar-item[id="status.editor.mode"]')
        .first()
        .innerText()
        .catch(() => '')
    ).trim();
    emit({ type: 'plainFirst', languageMode: mode, serverProcesses: serverProcesses() });
  }
  if (noFolder) await openByPath(file);
  else {
    await page.keyboard.press('Control+P');
    await quickInput(args.file);
  }
  await page.locator('.editor-instance .monaco-editor .view-lines').first().waitFor({ state: 'visible' });
  if (noFolder) {
    // What the window holds: no folder, and the file's language as the status bar shows it.
    const mode = page.locator('.statusbar-item[id="status.editor.mode"]').first();
    emit({
      type: 'window',
      folders: await page.locator('.explorer-folders-view .monaco-list-row').count(),
      languageMode: (await mode.innerText().catch(() => '')).trim(),
    });
  }
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.markers-panel .monaco-list-row', { hasText: 'search-config' }).first().waitFor({ state: 'visible' });
  await statusItem().locator('.codicon-check').waitFor({ state: 'attached' });
  emit({ type: 'status', text: (await statusItem().innerText()).trim(), running: true });
  if (noFolder) emit({ type: 'serverProcesses', count: serverProcesses() });

  if (steps.has('problems'))
    await step('problems', async () => {
      await page.waitForTimeout(2000); // let a late publish land
      const rows = [];
      for (const r of await page.locator('.markers-panel .monaco-list-row').all()) rows.push(await r.getAttribute('aria-label'));
      emit({ type: 'problems', rows, restricted: (await page.locator('.statusbar', { hasText: 'Restricted Mode' }).count()) > 0 });
    });

  // Where the extension's language server runs, as its status item says (aria-label: read out, and in the DOM).
  if (steps.has('host'))
    await step('host', async () => {
      const label = async () =>
        (await statusItem().getAttribute('aria-label')) ?? (await statusItem().locator('[aria-label]').first().getAttribute('aria-label'));
      for (let i = 0; i < 100 && !/language server/.test((await label()) ?? ''); i++) await page.waitForTimeout(100);
      emit({ type: 'host', label: await label() });
    });

  if (steps.has('hover'))
    await step('hover', async () => {
      await goto(args.hover);
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I');
      const hover = page.locator('.monaco-hover:not(.hidden)').first();
      await hover.waitFor({ state: 'visible' });
      // --expect-hover TEXT: the widget shows a problem's message at once and the server's hover when it arrives;
      // wait for that part rather than read whatever is shown first.
      if (args['expect-hover'])
        await page
          .locator('.monaco-hover:not(.hidden)', { hasText: args['expect-hover'] })
          .first()
          .waitFor({ state: 'visible', timeout: 15_000 })
          .catch(() => failures.push(`hover: no part with ${JSON.stringify(args['expect-hover'])} within 15 s`));
      // HOVER_SETTLE_MS: time for the hover's quick-fix line, which VS Code adds once the code actions are in.
      await page.waitForTimeout(Number(process.env.HOVER_SETTLE_MS) || 300);
      emit({ type: 'hover', text: (await hover.innerText()).trim() });
      await page.screenshot({ path: shot.replace(/\.png$/, '-hover.png') });
      await page.keyboard.press('Escape');
    });

  let text = fs.readFileSync(file, 'utf8');
  if (steps.has('completion'))
    await step('completion', async () => {
      await goto(args.complete);
      await page.keyboard.press('Control+Space');
      const widget = page.locator('.editor-widget.suggest-widget.visible');
      await widget.locator('.monaco-list-row', { hasText: args.label }).first().waitFor({ state: 'visible' });
      for (let i = 0; i < 40; i++) {
        const focused = (
          await widget
            .locator('.monaco-list-row.focused .label-name')
            .first()
            .innerText()
            .catch(() => '')
        ).trim();
        if (focused === args.label) break;
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape'); // leave snippet mode
      text = await saveAndRead(text);
      emit({ type: 'saved', after: 'completion', text });
    });

  if (steps.has('ruleDocumentation'))
    await step('ruleDocumentation', async () => {
      await goto(args['rule-at']);
      // The link opens in a new tab; the machine has no outside network, so record where it was going.
      const navigations = [];
      const onRequest = (r) => {
        try {
          if (r.isNavigationRequest() && r.frame().page() !== page) navigations.push(r.url());
        } catch {
          /* service worker request: no frame */
        }
      };
      context.on('request', onRequest);
      await runCommand('Search Config: Open Rule Documentation');
      // code-server asks before opening an outside link.
      const open = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Open$/ }).first();
      if (
        await open.waitFor({ state: 'visible', timeout: 5000 }).then(
          () => true,
          () => false,
        )
      )
        await open.click();
      for (let i = 0; i < 100 && navigations.length === 0; i++) await page.waitForTimeout(100);
      context.off('request', onRequest);
      const links = await page.evaluate(() => window.__openedLinks);
      emit({ type: 'ruleDocumentation', url: links[0] ?? navigations[0] ?? null });
      for (const p of context.pages()) if (p !== page) await p.close().catch(() => {});
      await page.bringToFront();
    });

  if (steps.has('changeImpact'))
    await step('changeImpact', async () => {
      await runCommand('Search Config: Show Change Impact');
      const toast = page.locator('.notification-toast').first();
      const tab = page.locator('.tabs-container .tab', { hasText: 'change impact' }).first();
      await Promise.race([toast.waitFor({ state: 'visible' }), tab.waitFor({ state: 'visible' })]);
      let view = null;
      if (await tab.isVisible()) {
        // The rendered markdown lives in a webview (nested frames); the source, if shown instead, in an editor,
        // whose lines separate words with no-break spaces (\s matches both).
        for (let i = 0; i < 100 && view === null; i++) {
          for (const frame of page.frames()) {
            const text = await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '');
            if (/changed\sfield|No\schanges|No\sbaseline/.test(text) && frame !== page.mainFrame()) view = text.trim();
          }
          if (view === null)
            view = await page
              .locator('.editor-instance .view-lines', { hasText: /changed\sfield|No\schanges|No\sbaseline/ })
              .last()
              .innerText({ timeout: 100 })
              .catch(() => null);
          if (view === null) await page.waitForTimeout(100);
        }
        await page.screenshot({ path: shot.replace(/\.png$/, '-impact.png') });
      }
      emit({
        type: 'changeImpact',
        view,
        notification: (await toast.isVisible()) ? (await toast.innerText()).replace(/\s+/g, ' ').trim() : null,
      });
      await page.keyboard.press('Escape');
    });

  if (steps.has('fixAll'))
    await step('fixAll', async () => {
      await page.locator('.tabs-container .tab', { hasText: args.file }).first().click();
      await runCommand('Search Config: Fix All Auto-fixable Problems');
      text = await saveAndRead(text);
      await page.screenshot({ path: shot.replace(/\.png$/, '-fixall.png') });
      emit({ type: 'saved', after: 'fixAll', text });
    });

  // Fix on save, set up as docs/editors.md shows: the setting goes into the workspace's settings file (VS Code
  // reads it again when it changes), then a value the fixes had corrected is broken again and the file saved.
  if (args['fix-on-save'] && steps.has('fixOnSave'))
    await step('fixOnSave', async () => {
      const settingsFile = path.join(args.folder, '.vscode', 'settings.json');
      const settings = fs.existsSync(settingsFile) ? JSON.parse(fs.readFileSync(settingsFile, 'utf8')) : {};
      settings['editor.codeActionsOnSave'] = { 'source.fixAll.search-config': 'explicit' };
      // Typed text stays as typed: no closing quote added, no selection wrapped in quotes.
      Object.assign(settings, { 'editor.autoClosingQuotes': 'never', 'editor.autoSurround': 'never' });
      fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
      fs.writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
      await page.waitForTimeout(2000);
      const before = fs.readFileSync(file, 'utf8');
      const key = `"${args['fix-on-save']}": `;
      const valueAt = before.indexOf(key) + key.length;
      if (valueAt < key.length) throw new Error(`${key} is not in the file`);
      const value = /^[^,\s}\]]+/.exec(before.slice(valueAt))[0];
      await page.locator('.tabs-container .tab', { hasText: args.file }).first().click();
      await goto(`${before.slice(0, valueAt).split('\n').length}:${valueAt - before.lastIndexOf('\n', valueAt - 1)}`);
      for (let i = 0; i < value.length; i++) await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Backspace');
      await page.keyboard.type(JSON.stringify(value));
      const dirty = page.locator('.tabs-container .tab.dirty').first();
      await dirty.waitFor({ state: 'visible', timeout: 15000 });
      await page.keyboard.press('Control+S');
      await dirty.waitFor({ state: 'detached', timeout: 15000 });
      text = fs.readFileSync(file, 'utf8');
      emit({ type: 'saved', after: 'fixOnSave', broken: JSON.stringify(value), text });
    });

  if (steps.has('restart'))
    await step('restart', async () => {
      await runCommand('Search Config: Restart Language Server');
      await page.keyboard.press('Control+Shift+M');
      const rows = page.locator('.markers-panel .monaco-list-row', { hasText: 'search-config' });
      // Stopping the server clears its problems; they come back once it runs again.
      const cleared = await rows
        .first()
        .waitFor({ state: 'detached', timeout: 10000 })
        .then(
          () => true,
          () => false,
        );
      await statusItem().locator('.codicon-check').waitFor({ state: 'attached' });
      await rows
        .first()
        .waitFor({ state: 'visible', timeout: 20000 })
        .catch(() => {});
      await page.waitForTimeout(1000);
      const markers = page.locator('.markers-panel .monaco-list-row[aria-label*="generated by search-config"]');
      emit({ type: 'restarted', cleared, status: (await statusItem().innerText()).trim(), problemRows: await markers.count() });
    });
  // A JSON file matched only by a glob added to searchConfig.files in the workspace settings.
  if (args.custom && steps.has('customGlob'))
    await step('customGlob', async () => {
      // Through the Explorer: Quick Open's file search is not always indexed yet at this point.
      const explorerRow = (name) =>
        page
          .locator('.explorer-folders-view .monaco-list-row', {
            has: page.locator('.label-name', { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }),
          })
          .first();
      const parts = args.custom.split('/');
      for (const [i, part] of parts.entries()) {
        const row = explorerRow(part);
        await row.waitFor({ state: 'visible' });
        if (i < parts.length - 1 && (await row.getAttribute('aria-expanded')) === 'true') continue;
        await row.click();
      }
      await page
        .locator(`.tabs-container .tab[aria-label*="${parts[parts.length - 1]}"]`)
        .first()
        .waitFor({ state: 'visible' });
      // Judged by the caller from the status bar: a file left as JSON must show up as such, not time out here.
      await page
        .locator('.statusbar', { hasText: 'Search Service Configuration' })
        .waitFor({ state: 'visible', timeout: 10000 })
        .catch(() => {});
      await page.waitForTimeout(3000); // time for any other JSON checker to report too
      await page.keyboard.press('Control+Shift+M');
      const rows = [];
      for (const r of await page.locator('.markers-panel .monaco-list-row').all()) rows.push(await r.getAttribute('aria-label'));
      emit({ type: 'customGlob', rows, statusbar: (await page.locator('.statusbar').innerText()).replace(/\s+/g, ' ').trim() });
    });
  await page.screenshot({ path: shot });
} catch (e) {
  failures.push('exception: ' + String(e?.stack ?? e).slice(0, 800));
  await page.screenshot({ path: shot.replace(/\.png$/, '-failure.png') }).catch(() => {});
} finally {
  emit({ type: 'summary', ok: failures.length === 0, failures });
  await browser.close();
}
process.exit(failures.length === 0 ? 0 : 1);
