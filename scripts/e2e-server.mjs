// The server the browser tests run against: the built app and a fresh embedded database every run.
import { existsSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// One data directory per port: the test command runs shards of the browser tests side by side.
const dataDir = join(root, `.tmp/e2e-data-${process.env.PORT ?? 'default'}`);
rmSync(dataDir, { recursive: true, force: true });
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
