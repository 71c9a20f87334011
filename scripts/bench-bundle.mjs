// `npm run bench:bundle`: gzip bytes of the JS that /login loads first, and of each route's extra JS,
// read from the Vite manifest (DESIGN.md §8 budgets: 200 KB first load, 60 KB a route).
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const manifestPath = join(root, 'dist/.vite/manifest.json');
if (!existsSync(manifestPath) || process.argv.includes('--build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gzipCache = new Map();
const gzipBytes = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(root, 'dist', file)), { level: 9 }).length);
  return gzipCache.get(file);
};

/** Files a chunk loads before it runs: itself and its static imports, recursively. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}
const total = (files) => [...files].reduce((sum, file) => sum + gzipBytes(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFiles = closure([entry]);
const splitKey = (route) => `src/routes/${route}.tsx?tsr-split=component`;
const loginKeys = [entry, splitKey('_auth'), splitKey('_auth/login'), 'locales/en/messages.po'];
const loginFiles = closure(loginKeys.filter((key) => manifest[key]));
const loginBytes = total(loginFiles);

console.log(`First load of /login (entry, auth layout, login route, en catalogue): ${kb(loginBytes)} gzip  [budget 200 KB, stretch 150 KB]`);
console.log(`  entry alone: ${kb(total(entryFiles))}`);

/** Layout routes a route renders inside (`_member/settings` → `_member`): their JS is loaded already. */
const parentsOf = (route) => route.split('/').slice(0, -1).map((_, index, parts) => parts.slice(0, index + 1).join('/'));
const rows = Object.keys(manifest)
  .filter((key) => key.startsWith('src/routes/') && key.includes('?tsr-split'))
  .map((key) => {
    const route = key.replace('src/routes/', '').replace(/\.tsx\?tsr-split=.*/, '');
    const loaded = closure([entry, ...parentsOf(route).map(splitKey)]);
    const extra = [...closure([key])].filter((file) => !loaded.has(file));
    const deepLink = [...closure([key, ...parentsOf(route).map(splitKey)])].filter((file) => !entryFiles.has(file));
    return { route, bytes: total(extra), deepLinkBytes: total(deepLink) };
  })
  .sort((a, b) => b.bytes - a.bytes);
console.log('\nExtra JS per route beyond the entry and its layouts (gzip)  [budget 60 KB, stretch 30 KB];');
console.log('last column: a deep link\'s extra JS, layouts included (for information):');
for (const row of rows) {
  const flag = row.bytes > 60 * 1024 ? '  OVER BUDGET' : '';
  console.log(`  ${row.route.padEnd(40)} ${kb(row.bytes).padStart(9)} ${kb(row.deepLinkBytes).padStart(9)}${flag}`);
}
const over = rows.filter((row) => row.bytes > 60 * 1024).length + (loginBytes > 200 * 1024 ? 1 : 0);
console.log(over ? `\n${over} figure(s) over budget.` : '\nAll figures within budget.');
