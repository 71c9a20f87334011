// `npm run gallery [-- <machine>...]`: the state gallery. The machines' model paths are walked through the real
// app (scripts/test-paths.mjs, tests/paths) once at desktop (1440) and once at phone (390) width, light theme,
// and the first time a walk shows a state's screen it is kept; the screenshots are compressed to WebP in the
// browser and written to docs/statecharts/gallery/<machine>/<screen>-{desktop,phone}.webp with the machine's own
// index.json that says, for every state, which screens show it, or why it has no screen of its own (a call in
// flight, a flow that works out of sight). One index per machine, so machines are regenerated one at a time.
// Generated on demand, not by npm test.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { drivenMachines, testPaths } from './test-paths.mjs';

const out = 'docs/statecharts/gallery';
const raw = '.tmp/gallery-raw';
const quality = 0.8;

/** PNG files to WebP, through the browser's own encoder (no image library in the project). */
async function toWebp(pairs) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
  const page = await browser.newPage();
  for (const [from, to] of pairs) {
    const png = readFileSync(from).toString('base64');
    const webp = await page.evaluate(
      async ({ png, quality }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        canvas.getContext('2d').drawImage(image, 0, 0);
        return canvas.toDataURL('image/webp', quality).split(',')[1];
      },
      { png, quality },
    );
    writeFileSync(to, Buffer.from(webp, 'base64'));
  }
  await browser.close();
}

const started = Date.now();
const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const machines = asked.length ? asked : drivenMachines();
rmSync(raw, { recursive: true, force: true });
// The walks' own pass or fail does not stop the gallery: a path that fails late still showed its states.
const status = await testPaths({ machines, gallery: raw, report: `reports/paths/gallery-${machines.join('-')}.html` });
for (const machine of machines) {
  const from = join(raw, machine);
  const to = join(out, machine);
  let lines = [];
  try {
    lines = readFileSync(join(from, 'states.jsonl'), 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
  } catch {
    console.error(`No states kept for ${machine}`);
    continue;
  }
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  const pngs = readdirSync(from).filter((file) => file.endsWith('.png'));
  await toWebp(pngs.map((file) => [join(from, file), join(to, file.replace(/\.png$/, '.webp'))]));
  const screens = {};
  const states = {};
  const notes = {};
  for (const { screen, stateIds, description, shown, note } of lines) {
    const at = (width) => (pngs.includes(`${screen}-${width}.png`) ? `${machine}/${screen}-${width}.webp` : null);
    const hasShot = shown && (at('desktop') || at('phone')) !== null;
    if (hasShot) screens[screen] ??= { desktop: at('desktop'), phone: at('phone'), description };
    for (const id of stateIds) {
      const entry = (states[id] ??= { screens: [] });
      if (hasShot && !entry.screens.includes(screen)) entry.screens.push(screen);
      if (!shown && note) notes[id] ??= note;
    }
  }
  for (const [id, entry] of Object.entries(states)) {
    if (entry.screens.length === 0) entry.note = notes[id] ?? 'No screen of its own: the app passes it while a call is in flight.';
  }
  writeFileSync(join(to, 'index.json'), `${JSON.stringify({ generated: new Date().toISOString(), screens, states }, null, 2)}\n`);
}
const bytes = du(out);
console.log(`Gallery: ${machines.join(', ')}; ${(bytes / 1e6).toFixed(2)} MB in ${out} (all machines); ${((Date.now() - started) / 1000).toFixed(0)} s (walks ${status === 0 ? 'passed' : 'had failures'}).`);
process.exit(status === 0 ? 0 : 1);

function du(dir) {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const path = join(dir, entry.name);
    return sum + (entry.isDirectory() ? du(path) : statSync(path).size);
  }, 0);
}
