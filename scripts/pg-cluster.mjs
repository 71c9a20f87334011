// A throwaway PostgreSQL cluster for the test command and the server benchmark: initdb in a temp folder,
// a free loopback port, `pg_ctl -w start`; stop() (also run on exit, Ctrl-C and SIGTERM) stops it and
// removes the folder. As root it runs as the `postgres` user, since PostgreSQL refuses to run as root.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** The folder with initdb and pg_ctl: PG_BIN, the newest Debian install, or pg_config's. */
function findBinaries() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(debian, version, 'bin')));
  }
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (config.status === 0) candidates.push(config.stdout.trim());
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster. Resolves to { url, version, stop } or, when PostgreSQL is missing or does not start,
 * to { skipped: reason }.
 */
export async function startCluster({ quiet = true } = {}) {
  const bin = findBinaries();
  if (!bin) return { skipped: 'no PostgreSQL found (install Debian\'s postgresql, or set PG_BIN or TEST_DATABASE_URL)' };
  const asRoot = userInfo().uid === 0;
  if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return { skipped: 'running as root and there is no postgres user to run PostgreSQL as' };
  }
  const run = (command, args) =>
    spawnSync(asRoot ? 'runuser' : join(bin, command), asRoot ? ['-u', 'postgres', '--', join(bin, command), ...args] : args, {
      encoding: 'utf8',
    });

  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  const data = join(dir, 'data');
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    if (existsSync(join(data, 'postmaster.pid'))) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  // Exit handlers run synchronously, so the cluster goes away however this process ends.
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143));
  }
  const fail = (what, result) => {
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : '';
    const detail = `${result.stderr ?? ''}${log}`.trim().split('\n').slice(-5).join('\n');
    stop();
    return { skipped: `${what} failed${detail ? `:\n${detail}` : ''}` };
  };

  if (asRoot) chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), -1);
  const init = run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  if (init.status !== 0) return fail('initdb', init);
  // A port taken between the probe and the start: try another one.
  for (let attempt = 0; ; attempt += 1) {
    const port = await freePort();
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    const start = run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
    if (start.status === 0) {
      const version = spawnSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout.match(/\d+(\.\d+)?/)?.[0];
      if (!quiet) console.log(`PostgreSQL ${version} started on port ${port} (${dir})`);
      return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version: `PostgreSQL ${version?.split('.')[0]}`, stop };
    }
    if (attempt === 2) return fail('pg_ctl start', start);
  }
}

/** "PostgreSQL 15" for a server URL (for TEST_DATABASE_URL given from outside). */
export async function serverVersion(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('show server_version');
    return `PostgreSQL ${String(rows[0].server_version).split(/[. ]/)[0]}`;
  } finally {
    await client.end();
  }
}
