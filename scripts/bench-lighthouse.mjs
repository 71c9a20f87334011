// `npm run bench:lighthouse`: Lighthouse mobile performance of /login and /store (DESIGN.md §8 budgets: score
// at least 95, LCP at most 2.0 s, TBT at most 150 ms, CLS at most 0.02; stretch 99 and 1.5 s), median of 3. The built app on the reference
// server with a fresh database, in Debian's Chromium, with Lighthouse's default mobile emulation and
// simulated throttling. Offline: nothing is fetched from the internet.
// Then the same pages under applied throttling (a phone's connection and CPU imposed on the browser, as
// DevTools does: 150 ms round trips, 1.6 Mbps down, 4x slower CPU), the page's own LCP and the moment the app
// has rendered it, median of the same number of runs: Lighthouse's simulation re-plays a fast local load, and
// reads a round trip the page no longer makes only partly.
// Beside each figure: Lighthouse's benchmark index and the main-thread work by category, and a CPU-normalised
// figure that compares across machines: the first load's main-thread work (simulated, as Lighthouse counts
// it) divided by a fixed calibration workload (script, style and layout) timed in the same browser just
// before and after each run. It holds on an otherwise idle machine; under load the two move apart (at a load
// average of 12 the same build read 4.72 on /login, idle 6.25), so read it beside the load average. Its
// budget is half of the figure before issue 34, measured idle on 2026-11-28: 6.25 on /login, 9.69 on /store.
// `--against DIR` measures a second build in the same run, its runs interleaved: before and after on the
// same machine state.
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 4192);
// Another run on this machine may hold the default ports: BENCH_PORT and LIGHTHOUSE_DEBUG_PORT move them.
const debuggingPort = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9333);
// LIGHTHOUSE_PAGES=/login,/store and LIGHTHOUSE_RUNS=3 are the defaults.
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/login,/store').split(',');
const budget = { score: 95, lcpMs: 2000, tbtMs: 150, cls: 0.02 };
const stretch = { score: 99, lcpMs: 1500 };
const runsPerPage = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** The normalised main-thread budget per page (main-thread ms per calibration ms): half of the figure before (see above). */
const normalisedBudget = { '/login': 3.13, '/store': 4.85 };

// `--dist DIR` measures another build than dist/; `--against DIR` measures a second build in the same run, its
// runs interleaved with the first's (before/after on the same machine state: the figures of two separate runs
// on a noisy machine do not compare).
const argument = (name) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const distDir = resolve(root, argument('--dist') ?? 'dist');
const againstDir = argument('--against') && resolve(root, argument('--against'));
if (process.argv.includes('--build') || !existsSync(join(distDir, 'index.html'))) {
  const build = spawnSync('npm', ['run', 'build', '--', '--outDir', distDir], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (againstDir && !existsSync(join(againstDir, 'index.html'))) throw new Error(`--against: no build in ${againstDir}`);
/** The builds measured: each on its own server and fresh database. */
const variants = [
  ...(againstDir ? [{ name: 'against', staticDir: againstDir, port: port + 1 }] : []),
  { name: againstDir ? 'this' : '', staticDir: distDir, port },
];
const servers = await Promise.all(variants.map(startServer));

// Lighthouse drives the browser over the DevTools port.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${debuggingPort}`],
});
let over = false;
try {
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`Lighthouse mobile (simulated throttling), median of ${runsPerPage} runs per page; load average ${load}:`);
  if (againstDir) console.log(`  "against" is ${againstDir.replace(root, '')}, "this" ${distDir.replace(root, '')}: their runs interleaved`);
  for (const path of pages) {
    const runs = new Map(servers.map((variant) => [variant, []]));
    for (let run = 0; run < runsPerPage; run += 1) {
      for (const variant of servers) runs.get(variant).push(await lighthouseRun(variant, path, run));
    }
    for (const variant of servers) over = report(path, variant, runs.get(variant)) || over;
  }
  console.log(`Applied throttling (150 ms RTT, 1.6 Mbps down, 4x CPU; phone viewport), median of ${runsPerPage} runs per page:`);
  for (const path of pages) {
    const runs = new Map(servers.map((variant) => [variant, []]));
    for (let run = 0; run < runsPerPage; run += 1) {
      for (const variant of servers) runs.get(variant).push(await appliedThrottlingRun(variant, path));
    }
    for (const [variant, variantRuns] of runs) {
      const median = (key) => variantRuns.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(variantRuns.length / 2)];
      console.log(
        `  ${path.padEnd(8)}${label(variant)} LCP ${(median('lcpMs') / 1000).toFixed(2)} s  app rendered ${(median('appMs') / 1000).toFixed(2)} s` +
          `   runs: ${variantRuns.map((r) => `${(r.lcpMs / 1000).toFixed(2)}/${(r.appMs / 1000).toFixed(2)} s`).join('  ')}`,
      );
    }
  }
} finally {
  await browser.close();
  for (const variant of servers) variant.server.kill('SIGTERM');
}
if (over) process.exitCode = 1;

function label(variant) {
  return variant.name ? ` ${variant.name.padEnd(8)}` : '';
}

/** A build on the reference server (production mode) with a fresh database of its own. */
async function startServer(variant) {
  const dataDir = join(root, `.tmp/bench-lighthouse-data-${variant.port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/index.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(variant.port), DATA_DIR: dataDir, STATIC_DIR: variant.staticDir, NODE_ENV: 'production', PUBLIC_URL: `http://localhost:${variant.port}`,
      // Production asks for the key that seals exchange secrets; a throwaway one serves the bench's fresh database.
      EXCHANGE_SECRETS_KEY: process.env.EXCHANGE_SECRETS_KEY ?? randomBytes(32).toString('base64'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => server.stdout.on('data', (chunk) => String(chunk).includes('Portal on') && resolve()));
  return { ...variant, server };
}

/** One Lighthouse run of `path` on a build, with the calibration workload timed on both sides of it. */
async function lighthouseRun(variant, path, run) {
  const calibratedBefore = await calibrate();
  const result = await lighthouse(`http://localhost:${variant.port}${path}`, {
    port: debuggingPort,
    onlyCategories: ['performance'],
    logLevel: 'error',
  });
  const { categories, audits } = result.lhr;
  // Each run's whole report, to read what the summary below leaves out (the network chain, every task).
  const reports = join(root, '.tmp/lighthouse');
  mkdirSync(reports, { recursive: true });
  writeFileSync(join(reports, `${path.replace(/\W+/g, '') || 'root'}${variant.name ? `-${variant.name}` : ''}-${run + 1}.json`), JSON.stringify(result.lhr));
  // The main-thread tasks Lighthouse counts as long (simulated durations), longest first: what TBT is made of.
  const longTasks = (audits['long-tasks']?.details?.items ?? [])
    .map((task) => `${Math.round(task.duration)} ms ${String(task.url).replace(/^https?:\/\/[^/]+/, '') || 'page'}`)
    .slice(0, 6);
  // The LCP element and where its time went (TTFB, load delay, load time, render delay): the first thing
  // to read when LCP is over budget.
  const [element, phases] = audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = element?.items?.[0]?.node;
  // The main thread's work by category (Lighthouse's groups: script evaluation, style and layout, ...).
  const breakdown = Object.fromEntries((audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [item.group, item.duration]));
  const mainThreadMs = audits['mainthread-work-breakdown']?.numericValue ?? 0;
  // Timed on both sides of the run, since the machine's load moves while it runs.
  const calibrationMs = (calibratedBefore + (await calibrate())) / 2;
  return {
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    calibrationMs,
    mainThreadMs,
    normalised: mainThreadMs / calibrationMs,
    breakdown,
    lcpElement: node ? `${node.snippet?.slice(0, 90) ?? node.selector}` : 'unknown',
    lcpPhases: (phases?.items ?? []).map((phase) => `${phase.phase} ${Math.round(phase.timing)} ms`).join(', '),
    longTasks: longTasks.join(', ') || 'none',
    score: Math.round((categories.performance.score ?? 0) * 100),
    fcpMs: audits['first-contentful-paint'].numericValue,
    lcpMs: audits['largest-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    // Time to interactive: not in the score any more, printed so a faster first paint that only moves
    // the wait to later shows.
    ttiMs: audits.interactive.numericValue,
  };
}

/** Prints one build's figures for a page against the budgets; true when over any of them. */
function report(path, variant, runs) {
  // Each figure's own median (for an odd number of runs, the middle one).
  const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  const figures = { score: median('score'), fcpMs: median('fcpMs'), lcpMs: median('lcpMs'), tbtMs: median('tbtMs'), cls: median('cls'), ttiMs: median('ttiMs') };
  const misses = [
    figures.score < budget.score && 'score',
    figures.lcpMs > budget.lcpMs && 'LCP',
    figures.tbtMs > budget.tbtMs && 'TBT',
    figures.cls > budget.cls && 'CLS',
  ].filter(Boolean);
  const atStretch = !misses.length && figures.score >= stretch.score && figures.lcpMs <= stretch.lcpMs;
  console.log(
    `  ${path.padEnd(8)}${label(variant)} score ${figures.score}  FCP ${(figures.fcpMs / 1000).toFixed(2)} s  LCP ${(figures.lcpMs / 1000).toFixed(2)} s` +
      `  TBT ${Math.round(figures.tbtMs)} ms  CLS ${figures.cls.toFixed(3)}  TTI ${(figures.ttiMs / 1000).toFixed(2)} s` +
      `  [budget score ≥ ${budget.score}, LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.02; stretch 99, 1.5 s]` +
      (misses.length ? `  OVER BUDGET (${misses.join(', ')})` : atStretch ? '  within stretch' : '  within budget'),
  );
  console.log(`           runs: ${runs.map((r) => `${r.score}/${(r.lcpMs / 1000).toFixed(2)} s/${Math.round(r.tbtMs)} ms/${r.cls.toFixed(3)}`).join('  ')}`);
  const middle = [...runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(runs.length / 2)];
  console.log(`           LCP element (median run): ${middle.lcpElement}`);
  console.log(`           LCP phases: ${middle.lcpPhases}`);
  const middleTbt = [...runs].sort((a, b) => a.tbtMs - b.tbtMs)[Math.floor(runs.length / 2)];
  console.log(`           long tasks (median TBT run): ${middleTbt.longTasks}`);
  const normalised = median('normalised');
  const limit = normalisedBudget[path] ?? 0;
  const normalisedOver = limit > 0 && normalised > limit;
  console.log(
    `           benchmark index ${runs.map((r) => Math.round(r.benchmarkIndex)).join(', ')}; main-thread work ${(median('mainThreadMs') / 1000).toFixed(2)} s (simulated);` +
      ` calibration ${runs.map((r) => `${Math.round(r.calibrationMs)} ms`).join(', ')}`,
  );
  console.log(
    `           normalised main-thread work ${normalised.toFixed(2)} (runs ${runs.map((r) => r.normalised.toFixed(2)).join(', ')})` +
      (limit > 0 ? `  [budget ≤ ${limit.toFixed(2)}]${normalisedOver ? '  OVER BUDGET' : '  within budget'}` : ''),
  );
  const groupMedian = (group) => runs.map((r) => r.breakdown[group] ?? 0).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  const groups = [...new Set(runs.flatMap((r) => Object.keys(r.breakdown)))].sort((a, b) => groupMedian(b) - groupMedian(a));
  console.log(`           by category (median of runs, simulated): ${groups.map((group) => `${group} ${Math.round(groupMedian(group))} ms`).join(', ')}`);
  // Only the build being judged counts against the budgets; the other is its comparison.
  return variant.name !== 'against' && (misses.length > 0 || normalisedOver);
}

/**
 * The calibration workload, timed in this browser now (median of 5): a fixed piece of script (sorting and
 * string work on a seeded array) and of style and layout (3,000 styled elements laid out), about what a first
 * render asks of a main thread, unthrottled.
 */
async function calibrate() {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const times = [];
    for (let round = 0; round < 5; round += 1) {
      times.push(
        await page.evaluate(() => {
          const started = performance.now();
          let seed = 42;
          const numbers = Array.from({ length: 200_000 }, () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648));
          numbers.sort((a, b) => a - b);
          let text = '';
          for (let i = 0; i < 20_000; i += 1) text += numbers[i * 10].toString(36);
          JSON.parse(JSON.stringify({ text, numbers: numbers.slice(0, 50_000) }));
          const root = document.createElement('div');
          for (let i = 0; i < 3_000; i += 1) {
            const item = document.createElement('div');
            item.style.cssText = `display:flex;padding:${i % 7}px;margin:2px;border:1px solid #ccc;font:14px sans-serif`;
            item.textContent = `row ${i} ${text.slice(i, i + 20)}`;
            root.append(item);
          }
          document.body.append(root);
          void root.getBoundingClientRect().height;
          for (const item of root.children) void item.offsetWidth;
          root.remove();
          return performance.now() - started;
        }),
      );
    }
    return times.sort((a, b) => a - b)[2];
  } finally {
    await context.close();
  }
}

/** One load of `path` on a build in a fresh context under applied throttling: the page's LCP and when the app rendered it. */
async function appliedThrottlingRun(variant, path) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      window.__lcp = 0;
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => (window.__lcp = entry.startTime))).observe({ type: 'largest-contentful-paint', buffered: true });
      // The app's own page, not the static shell: the moment its main heading (the login form's, the store's) is in.
      window.__app = 0;
      new MutationObserver(() => {
        if (!window.__app && document.querySelector('#root h1')) window.__app = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`http://localhost:${variant.port}${path}`);
    await page.locator('#root h1').first().waitFor({ timeout: 60_000 });
    const appMs = await page.evaluate(() => window.__app);
    // LCP is final once the page has been quiet a moment (no input here to end it).
    await page.waitForTimeout(1000);
    return { lcpMs: await page.evaluate(() => window.__lcp), appMs };
  } finally {
    await context.close();
  }
}
