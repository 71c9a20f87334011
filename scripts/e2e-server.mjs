// The server the browser tests run against: the built app and a fresh embedded database every run.
import { cpSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// One data directory per port: the test command runs shards of the browser tests side by side.
const dataDir = join(root, `.tmp/e2e-data-${process.env.PORT ?? 'default'}`);
rmSync(dataDir, { recursive: true, force: true });

/**
 * An empty PGlite cluster, made once per PGlite version and copied for each server: its initdb is most of a
 * fresh database's start (4 s on an idle core, over 20 s on a busy one), the copy a fraction of a second. The
 * server then migrates and seeds the copy as it would a new folder, so the tests still get a fresh database.
 */
async function emptyClusterTemplate() {
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  const template = join(root, `.tmp/e2e-pglite-empty-${version}`);
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  // Shards start side by side: each makes its own, the first to finish puts it in place.
  const making = `${template}.${process.pid}`;
  rmSync(making, { recursive: true, force: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const cluster = await PGlite.create(making);
  await cluster.close();
  try {
    renameSync(making, template);
  } catch {
    rmSync(making, { recursive: true, force: true });
  }
  return template;
}

cpSync(await emptyClusterTemplate(), dataDir, { recursive: true });
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/index.ts')], {
  cwd: root,
  stdio: 'inherit',
  // The test command builds into .tmp/e2e-dist (with the /flows page on); `npm run test:e2e` alone uses dist.
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    STATIC_DIR: process.env.E2E_DIST ?? join(root, existsSync(join(root, '.tmp/e2e-dist/index.html')) ? '.tmp/e2e-dist' : 'dist'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
