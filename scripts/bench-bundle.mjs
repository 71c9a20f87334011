// `npm run bench:bundle` (`--build` builds first, `--files` lists every file, `--dist DIR` measures another
// build): the JS and CSS a real browser fetches (DESIGN.md §8 budgets). The built app on the reference server
// with a fresh database, in Debian's Chromium through playwright-core; every response the page received is
// recorded until the network is idle.
//
// Figures:
//   - first load of /login, /store and (signed in) /dashboard, each in a fresh browser context (empty cache);
//   - each route's extra JS when navigated to client-side (router.navigate) once the page it starts from is
//     idle: member and public routes from /dashboard signed in, the auth pages from /login as a visitor;
//   - a breakdown of each first load's JS, made from the very files the browser fetched (so it adds up to
//     the figure above): by part (boot script, libraries, app chunk, first-load chunks, language catalogue, route code,
//     code loaded at run time) and, when the build left source maps (`--build` makes hidden ones), by
//     package or app folder, each file's bytes shared out by its modules' share of the file.
//
// Bytes: the browser's encoded body size of each response (what went over the wire, in the encoding the
// server chose for Chromium's Accept-Encoding, printed per page), and the gzip-equivalent figure (the size
// of the .gz copy the server hands a gzip-only browser, or the plain size of a file without one), which is
// what the budgets are written in.
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
// `--dist DIR`: another build than dist/ (a before/after comparison of two builds).
const distAt = process.argv.indexOf('--dist');
const dist = resolve(root, distAt >= 0 ? process.argv[distAt + 1] : 'dist');
const port = Number(process.env.BENCH_PORT ?? 4193);
const origin = `http://localhost:${port}`;
const listFiles = process.argv.includes('--files');
/** `--quick`: first loads only (no per-route navigation). */
const quick = process.argv.includes('--quick');
const demo = { email: 'demo@example.com', password: 'Demo12345' };
const KB = 1024;
const budget = { js: 170 * KB, jsStretch: 150 * KB, css: 30 * KB, cssStretch: 20 * KB, route: 60 * KB, routeStretch: 30 * KB };
/** Quiet time that counts as "network idle" (Playwright's networkidle is 500 ms; lazy chunks start later). */
const quietMs = 1500;
/** The same after a client-side navigation (the start page is idle already). */
const routeQuietMs = 1000;

if (process.argv.includes('--build') || !existsSync(join(dist, 'index.html'))) {
  // Hidden source maps (no comment in the code, which stays as it would be) for the breakdown by package.
  const build = spawnSync('npm', ['run', 'build', '--', '--outDir', dist], { cwd: root, stdio: 'inherit', env: { ...process.env, SOURCEMAP: '1' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const sum = (items, key) => items.reduce((total, item) => total + item[key], 0);

/** Size of what a gzip-only browser gets for a path of the built app. */
function gzipEquivalent(pathname) {
  const file = join(dist, decodeURIComponent(pathname));
  if (!existsSync(file) || statSync(file).isDirectory()) return null;
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
}

// ---------------------------------------------------------------------------------------------------------
// The reference server on the built app, with a fresh database.
const dataDir = join(root, '.tmp/bench-bundle-data');
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/index.ts')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: dist, NODE_ENV: 'production',
    // Production asks for the key that seals exchange secrets; a throwaway one serves the bench's fresh database.
    EXCHANGE_SECRETS_KEY: process.env.EXCHANGE_SECRETS_KEY ?? randomBytes(32).toString('base64'),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// The server goes with this script, however it ends (an interrupted run must not leave it holding the port).
process.on('exit', () => server.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(130));
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('Portal on') && resolve());
  server.on('exit', (code) => reject(new Error(`server exited (${code})`)));
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** Records every response of a page; `mark()` starts a new segment, `idle()` waits for a quiet network. */
function recorder(page) {
  let segment = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const pending = [];
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfailed', done);
  page.on('requestfinished', (request) => {
    const into = segment;
    // The request counts as in flight until its sizes are read.
    pending.push(
      (async () => {
        const response = await request.response().catch(() => null);
        const sizes = await request.sizes().catch(() => null);
        const url = new URL(request.url());
        if (url.origin !== origin) return;
        const type = request.resourceType();
        const kind = url.pathname.endsWith('.css') || type === 'stylesheet' ? 'css' : url.pathname.endsWith('.js') || type === 'script' ? 'js' : type === 'document' ? 'html' : null;
        if (!kind || !response) return;
        const headers = await response.allHeaders().catch(() => null);
        // The page went away before its headers could be read (a context closed mid-request).
        if (!headers) return;
        into.push({
          kind,
          path: url.pathname,
          encoding: headers['content-encoding'] ?? 'identity',
          transferred: sizes?.responseBodySize ?? Number(headers['content-length'] ?? 0),
          gzip: gzipEquivalent(url.pathname) ?? sizes?.responseBodySize ?? 0,
        });
      })().finally(done),
    );
  });
  return {
    mark() {
      const previous = segment;
      segment = [];
      return previous;
    },
    async idle(quiet = quietMs) {
      await page.waitForLoadState('networkidle').catch(() => {});
      for (;;) {
        await page.waitForTimeout(100);
        if (inFlight === 0 && Date.now() - lastActivity >= quiet) break;
      }
      await Promise.all(pending);
    },
  };
}

async function newPage(storageState) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, storageState });
  const page = await context.newPage();
  return { context, page, record: recorder(page) };
}

const byKind = (entries, kind) => entries.filter((entry) => entry.kind === kind);
const encodings = (entries) => [...new Set(entries.filter((entry) => entry.kind !== 'html').map((entry) => entry.encoding))].join('+') || '-';

async function firstLoad(path, storageState) {
  const { context, page, record } = await newPage(storageState);
  await page.goto(`${origin}${path}`);
  await record.idle();
  const entries = record.mark();
  return { context, page, record, entries, url: new URL(page.url()).pathname };
}

function printLoad(label, { entries, url }) {
  const js = byKind(entries, 'js');
  const css = byKind(entries, 'css');
  const html = byKind(entries, 'html');
  const jsGzip = sum(js, 'gzip');
  const cssGzip = sum(css, 'gzip');
  const jsFlag = jsGzip > budget.js ? 'OVER BUDGET' : jsGzip > budget.jsStretch ? 'within budget' : 'within stretch';
  const cssFlag = cssGzip > budget.css ? 'OVER BUDGET' : cssGzip > budget.cssStretch ? 'within budget' : 'within stretch';
  console.log(`  ${label}${url !== label.split(' ')[0] ? ` (ended on ${url})` : ''}`);
  console.log(`    JS   ${String(js.length).padStart(3)} files ${kb(jsGzip).padStart(9)} gzip  (${kb(sum(js, 'transferred'))} as sent, ${encodings(js)})  [budget 170 KB, stretch 150 KB]  ${jsFlag}`);
  console.log(`    CSS  ${String(css.length).padStart(3)} files ${kb(cssGzip).padStart(9)} gzip  (${kb(sum(css, 'transferred'))} as sent)  [budget 30 KB, stretch 20 KB]  ${cssFlag}`);
  console.log(`    HTML ${String(html.length).padStart(3)} files ${kb(sum(html, 'gzip')).padStart(9)} gzip  (${kb(sum(html, 'transferred'))} as sent; for information)`);
  if (listFiles) {
    for (const entry of [...js, ...css].sort((a, b) => b.gzip - a.gzip)) console.log(`      ${kb(entry.gzip).padStart(9)}  ${entry.path}`);
  }
  return (jsGzip > budget.js ? 1 : 0) + (cssGzip > budget.css ? 1 : 0);
}

/** Concrete paths for a route's full path: parameters get sample values, optional ones are left out. */
const concretePath = (fullPath) =>
  fullPath
    .replace(/\/\{-\$[^}]+\}/g, '')
    .replace(/\$symbol/g, 'USDT')
    .replace(/\$name/g, 'demo')
    .replace(/\$[A-Za-z]+/g, '1')
    .replace(/(.)\/$/, '$1');

/** Every route with a component of its own, as the running app's router knows them. */
const routesOf = (page) =>
  page.evaluate(() =>
    Object.values(self.__TSR_ROUTER__.routesById).map((route) => ({ id: route.id, fullPath: route.fullPath })),
  );

/**
 * Extra JS (and CSS) of client-side navigations from `startPath`: one context, the start page loaded afresh
 * before each navigation (files come from the HTTP cache then; sizes are counted by path, so a cached file
 * still counts), idle, then `router.navigate` to the route.
 */
async function routeExtras(startPath, paths, storageState) {
  const rows = [];
  const { context, page, record } = await newPage(storageState);
  for (const path of paths) {
    await page.goto(`${origin}${startPath}`);
    await record.idle(routeQuietMs);
    record.mark();
    // Not awaiting the navigation inside the page: a route that leaves the app (a full page load) would
    // destroy the context the promise lives in. The network going quiet marks the end instead.
    await page.evaluate((href) => void self.__TSR_ROUTER__.navigate({ href }), path);
    await record.idle(routeQuietMs);
    const entries = record.mark();
    rows.push({
      path,
      url: new URL(page.url()).pathname,
      js: byKind(entries, 'js'),
      css: byKind(entries, 'css'),
      reloaded: entries.some((entry) => entry.kind === 'html'),
    });
  }
  await context.close();
  return rows;
}

let over = 0;
let memberRoutes = [];
let guestRoutes = [];
const loads = {};
try {
  const load = await cpuLoad();
  console.log(`Browser-measured (Chromium, fresh cache, until ${quietMs} ms without requests); load average ${load}.`);
  console.log('Sizes in gzip-equivalent bytes (the .gz copies the server sends a gzip browser); "as sent" is the');
  console.log('encoded body size Chromium received, in the encoding named.\n');
  console.log('First load:');

  // /login as a visitor; then sign in through the form for the signed-in figures.
  const login = await firstLoad('/login');
  loads.login = login;
  over += printLoad('/login', login);
  const all = await routesOf(login.page);
  await login.page.getByRole('textbox', { name: 'Email' }).fill(demo.email);
  await login.page.getByRole('textbox', { name: 'Password' }).fill(demo.password);
  await login.page.getByRole('button', { name: 'Log in' }).click();
  await login.page.waitForURL('**/dashboard');
  const signedIn = await login.context.storageState();
  await login.context.close();

  const store = await firstLoad('/store');
  loads.store = store;
  over += printLoad('/store', store);
  await store.context.close();

  const dashboard = await firstLoad('/dashboard', signedIn);
  loads.dashboard = dashboard;
  over += printLoad('/dashboard (signed in)', dashboard);
  await dashboard.context.close();

  // Auth pages from /login as a visitor (a member is sent away from them); /logout and /autologin change the
  // session and are left out. Everything else from the dashboard.
  const skip = new Set(['/', '/logout', '/autologin', '/dashboard', '/login', '/flows']);
  const leaves = all.filter((route) => !all.some((other) => other.id !== route.id && other.id.startsWith(`${route.id}/`)));
  for (const route of leaves) {
    const path = concretePath(route.fullPath);
    if (skip.has(route.fullPath) || skip.has(path)) continue;
    (route.id.startsWith('/_auth') ? guestRoutes : memberRoutes).push(path);
  }
  const rows = quick ? [] : [...(await routeExtras('/dashboard', memberRoutes, signedIn)), ...(await routeExtras('/login', guestRoutes))];
  rows.sort((a, b) => sum(b.js, 'gzip') - sum(a.js, 'gzip'));
  if (!quick) console.log('\nExtra JS per route, navigated to client-side once the start page is idle (members from /dashboard,');
  if (!quick) console.log(`auth pages from /login; until ${routeQuietMs} ms without requests)  [budget 60 KB, stretch 30 KB]:`);
  for (const row of rows) {
    const js = sum(row.js, 'gzip');
    // A page that leaves the app (a full page load) is not a route's extra JS.
    const flag = row.reloaded
      ? '  (left the app: full page load, not counted)'
      : js > budget.route
        ? '  OVER BUDGET'
        : js > budget.routeStretch
          ? '  within budget'
          : '  within stretch';
    const css = row.css.length ? `  + CSS ${kb(sum(row.css, 'gzip'))}` : '';
    const ended = row.url !== row.path ? `  (ended on ${row.url})` : '';
    console.log(`  ${row.path.padEnd(28)} ${String(row.js.length).padStart(3)} files ${kb(js).padStart(9)}${css}${ended}${flag}`);
    if (listFiles) for (const entry of row.js) console.log(`      ${kb(entry.gzip).padStart(9)}  ${entry.path}`);
    if (js > budget.route && !row.reloaded) over += 1;
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
// Every file of the first loads, for other tools (.tmp is not committed).
mkdirSync(join(root, '.tmp'), { recursive: true });
writeFileSync(
  join(root, '.tmp/bench-bundle-files.json'),
  JSON.stringify(Object.fromEntries(Object.entries(loads).map(([name, { entries }]) => [name, entries])), null, 1),
);

// ---------------------------------------------------------------------------------------------------------
// Breakdown of what the browser fetched: each first load's JS files, by part (from the Vite manifest: which
// chunk a file is) and, with source maps, by package or app folder. Both add up to the browser's figure.
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const chunkOf = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, { key, ...chunk }]));
const firstLoadChunks = new Set(['login-shared', 'login', 'layout-shared', 'store', 'dashboard']);

/** Which part of the app a fetched file is. */
function partOf(path) {
  const chunk = chunkOf.get(path);
  if (!chunk) return 'not in the manifest';
  if (chunk.isEntry && chunk.key.endsWith('.html')) return 'boot script';
  if (chunk.name === 'boot' || chunk.name === 'rolldown-runtime') return 'boot script';
  if (chunk.key === 'src/main.tsx') return 'app chunk (router, shell, flows)';
  // The libraries' chunks (scripts/build/chunk-groups.ts libraryChunks) and the boot script's module for each.
  if (/^lib-/.test(chunk.name) || chunk.key.startsWith('src/app/boot/libraries/')) return `libraries "${chunk.name.replace(/^lib-/, '')}"`;
  if (firstLoadChunks.has(chunk.name)) return `first-load chunk "${chunk.name}"`;
  if (chunk.key.startsWith('locales/')) return 'language catalogue';
  if (chunk.key.startsWith('src/routes/')) return 'route code (split chunks)';
  return chunk.isDynamicEntry ? 'loaded at run time (lazy)' : 'shared pieces';
}

/** Decodes a source map's mappings: per generated line, [column, source index] segments. */
function decodeMappings(mappings) {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = chars.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length > 1) source += values[1];
      segments.push([column, values.length > 1 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** A module path as a package (node_modules/@scope/name) or an app folder (src/features/auth). */
function ownerOf(source) {
  const path = source.replace(/^(\.\.\/)+/, '').replace(/\?.*$/, '');
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (nm) return nm[1];
  if (path.startsWith('\0') || path.includes('virtual:')) return 'generated (GraphQL documents, runtime)';
  const parts = path.split('/');
  if (parts[0] === 'locales') return 'locales (catalogue)';
  return parts.length > 2 ? parts.slice(0, 2).join('/') : path;
}

/** Characters of a built file per owner, from its hidden source map; null without one. */
function ownersOf(path) {
  const file = join(dist, path);
  if (!existsSync(`${file}.map`)) return null;
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const lines = readFileSync(file, 'utf8').split('\n');
  const owners = new Map();
  decodeMappings(map.mappings).forEach((segments, index) => {
    const text = lines[index] ?? '';
    let covered = 0;
    segments.forEach(([column, source], at) => {
      const end = segments[at + 1]?.[0] ?? text.length;
      const owner = source < 0 ? 'unmapped (bundler glue)' : ownerOf(map.sources[source] ?? '');
      owners.set(owner, (owners.get(owner) ?? 0) + Math.max(0, end - column));
      covered = end;
    });
    if (!segments.length) owners.set('unmapped (bundler glue)', (owners.get('unmapped (bundler glue)') ?? 0) + text.length);
    else owners.set('unmapped (bundler glue)', (owners.get('unmapped (bundler glue)') ?? 0) + Math.max(0, segments[0][0]) + Math.max(0, text.length - covered));
  });
  return owners;
}

const rows = (totals, limit) => {
  const sortedRows = [...totals].sort((a, b) => b[1] - a[1]);
  const shown = sortedRows.slice(0, limit);
  const rest = sortedRows.slice(limit).reduce((bytes, [, value]) => bytes + value, 0);
  return rest > 0 ? [...shown, [`${sortedRows.length - limit} more`, rest]] : shown;
};
let withMaps = false;
console.log('\nBreakdown of the JS each first load fetched (adds up to the figure above; for information):');
for (const [name, { entries }] of Object.entries(loads)) {
  const js = byKind(entries, 'js');
  const parts = new Map();
  const owners = new Map();
  for (const entry of js) {
    const part = partOf(entry.path);
    parts.set(part, (parts.get(part) ?? 0) + entry.gzip);
    // A file without a map (the bundler's runtime) counts as glue.
    const chars = ownersOf(entry.path) ?? new Map([['unmapped (bundler glue)', 1]]);
    withMaps ||= existsSync(join(dist, `${entry.path}.map`));
    const total = [...chars.values()].reduce((sum, value) => sum + value, 0) || 1;
    // The file's gzip bytes shared out by its owners' share of its characters.
    for (const [owner, value] of chars) owners.set(owner, (owners.get(owner) ?? 0) + (entry.gzip * value) / total);
  }
  console.log(`  ${name}: ${kb(sum(js, 'gzip'))} in ${js.length} files`);
  for (const [part, bytes] of rows(parts, 12)) console.log(`    ${kb(bytes).padStart(9)}  ${part}`);
  if (withMaps && owners.size) {
    console.log('    by package or app folder (bytes shared out by each file\'s modules):');
    for (const [owner, bytes] of rows(owners, 18)) console.log(`      ${kb(bytes).padStart(9)}  ${owner}`);
  }
}
if (!withMaps) console.log('  (no source maps in dist: `--build` builds with hidden ones for a breakdown by package)');

console.log(over ? `\n${over} figure(s) OVER BUDGET.` : '\nAll browser-measured figures within budget.');

async function cpuLoad() {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}
