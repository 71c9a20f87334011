// Opens the database: PostgreSQL when DATABASE_URL is set, otherwise embedded PostgreSQL (PGlite) in
// DATA_DIR. Both get the same migrations, applied at start. PGlite runs inside one process, so DATA_DIR is
// locked: a second server on the same folder would keep its own copy in memory and overwrite the first's.
import { fileURLToPath } from 'node:url';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { hotStatementTexts } from './prepared';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /**
   * The same database for the requests the server answers: once refuseRequests() was called, a query or a
   * transaction they start on it is refused with its error (a transaction already begun ends as it would).
   * The jobs keep `db`, so a run in progress still finishes.
   */
  requestDb: Db;
  refuseRequests(refusal: () => Error): void;
  close(): Promise<void>;
}

/**
 * A view of `client` whose `methods` throw `refusal()` once it is set, and otherwise call the client's own.
 * The view inherits from the client, so drizzle still sees a pool as a pool.
 */
function refusable<T extends object>(client: T, methods: (keyof T & string)[]) {
  let refusal: (() => Error) | undefined;
  const view = Object.create(client) as T;
  for (const name of methods) {
    const method = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    Object.defineProperty(view, name, {
      value: (...args: unknown[]) => (refusal ? Promise.reject(refusal()) : method(...args)),
    });
  }
  return { view, refuse: (error: () => Error) => void (refusal = error) };
}

/** Another live process holds DATA_DIR. */
export class DataDirInUseError extends Error {}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Servers starting together on one PostgreSQL database take turns with their migrations and seed. */
const startupLockKey = 72_019_050;

interface OpenOptions {
  databaseUrl?: string | undefined;
  /** undefined: an in-memory database (tests). */
  dataDir: string | undefined;
  /** Runs after the migrations, still under the startup lock: the seed. */
  prepare?: (db: Db) => Promise<unknown>;
  /**
   * Tests: an in-memory database starts as a copy of this one (a PGlite dumpDataDir of a migrated and seeded
   * database), so each test file skips the migrations and the seed it would repeat.
   */
  startFrom?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: options.databaseUrl });
    // A connection that dies while idle (a restart, a failover) is replaced on next use; unhandled, it would end the process.
    pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
    const db = drizzle(pool, { schema });
    try {
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [startupLockKey]);
        await migrate(db, { migrationsFolder });
        await options.prepare?.(db as unknown as Db);
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [startupLockKey]).catch(() => {});
        holder.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    const requests = refusable(pool, ['query', 'connect']);
    return {
      db: db as unknown as Db,
      requestDb: drizzle(requests.view, { schema }) as unknown as Db,
      refuseRequests: requests.refuse,
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  try {
    const client = options.startFrom && !options.dataDir ? await PGlite.create({ loadDataDir: options.startFrom }) : await PGlite.create(options.dataDir);
    planCachedStatements(client as unknown as PgliteQueries);
    yieldBeforeEachQuery(client);
    const db = drizzle(client, { schema });
    try {
      await migrate(db, { migrationsFolder });
      await options.prepare?.(db as unknown as Db);
    } catch (error) {
      await client.close();
      throw error;
    }
    const requests = refusable(client, ['query', 'transaction']);
    return {
      db: db as unknown as Db,
      requestDb: drizzle(requests.view, { schema }) as unknown as Db,
      refuseRequests: requests.refuse,
      close: () => client.close().finally(unlock),
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * PGlite runs on the event loop and resolves through microtasks, so a burst of requests chains query after
 * query without letting the loop read sockets, fire timers or finish password hashes: one request's wait
 * became everybody's (seconds, with 200 sign-ins at once). A turn of the loop before each query keeps it fair.
 */
function yieldBeforeEachQuery(client: { query: (...args: never[]) => Promise<unknown> }) {
  const query = client.query.bind(client);
  client.query = async (...args: never[]) => {
    await new Promise((resolve) => setImmediate(resolve));
    return query(...args);
  };
}

type QueryOptions = Record<string, unknown> | undefined;
interface PgliteQueries {
  query: (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;
  exec: (text: string, options?: QueryOptions) => Promise<unknown[]>;
}

/**
 * A value that can be written into an EXECUTE as a literal with nothing to escape: integers, booleans,
 * dates (as ISO text), and text made only of letters, digits and `_ . : + - @` (hex token hashes, ISO timestamps, host names).
 */
const literal = (value: unknown): string | undefined => {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : `'${value.toISOString()}'`;
  if (typeof value === 'string') return /^[\w.:+@-]*$/.test(value) ? `'${value}'` : undefined;
  return undefined;
};

/**
 * PGlite's query() parses and plans every statement anew (the unnamed statement); the hot queries
 * (db/prepared.ts: the viewer, me's member view) are instead prepared once as server-side statements and
 * run with EXECUTE on their generic plan, in one simple-protocol message. Only when every parameter is a
 * plain literal (see literal()); anything else, and every other query, goes the usual way. Results come
 * back with the same options (drizzle's row mode and type parsers), so callers see the same rows.
 */
function planCachedStatements(client: PgliteQueries) {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const statements = new Map<string, Promise<string | null>>();
  const statementFor = (text: string) => {
    let name = statements.get(text);
    if (!name) {
      const chosen = `hot_${statements.size + 1}`;
      // A statement PostgreSQL will not prepare simply keeps the usual way.
      name = exec(`PREPARE ${chosen} AS ${text}`).then(
        () => chosen,
        () => null,
      );
      statements.set(text, name);
    }
    return name;
  };
  client.query = async (text, params = [], options) => {
    if (!hotStatementTexts.has(text)) return query(text, params, options);
    const literals = params.map(literal);
    if (literals.some((value) => value === undefined)) return query(text, params, options);
    const name = await statementFor(text);
    if (name === null) return query(text, params, options);
    const results = await exec(
      `SET plan_cache_mode = force_generic_plan; EXECUTE ${name}(${literals.join(', ')}); RESET plan_cache_mode`,
      options,
    );
    return results[1];
  };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function readPid(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Whether the file now names this process; false when it already existed. link() is atomic and the file is never seen empty. */
function claim(target: string, draft: string): boolean {
  try {
    linkSync(draft, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  }
}

/** Holder of the file unless it is gone or its process has ended (the same pid as ours is a previous life). */
function liveHolder(path: string): number | null {
  const pid = readPid(path);
  return pid !== null && pid !== process.pid && isAlive(pid) ? pid : null;
}

const removeFile = (path: string) => {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
};

/**
 * Takes DATA_DIR/server.lock (holding our pid) or throws DataDirInUseError. A lock whose process has
 * ended is taken over; the takeover itself is guarded by server.lock.takeover, so two servers starting at
 * once after a crash cannot both take it. Returns the release function.
 */
function lockDataDir(dataDir: string): () => void {
  const lock = join(dataDir, 'server.lock');
  const takeover = `${lock}.takeover`;
  const draft = `${lock}.${process.pid}.draft`;
  const inUse = (pid: number) =>
    new DataDirInUseError(
      `DATA_DIR ${dataDir} is in use by another server (pid ${pid}). PGlite serves one process only: stop that ` +
        `server, give this one its own DATA_DIR, or run several servers on PostgreSQL (DATABASE_URL). ` +
        `If no server runs there, remove ${lock}.`,
    );
  writeFileSync(draft, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if (claim(lock, draft)) {
        const release = () => {
          process.off('exit', release);
          if (readPid(lock) === process.pid) removeFile(lock);
        };
        // A process that ends without closing the database still frees the folder.
        process.on('exit', release);
        return release;
      }
      const holder = liveHolder(lock);
      if (holder) throw inUse(holder);
      if (!claim(takeover, draft)) {
        const taking = liveHolder(takeover);
        if (taking) throw inUse(taking);
        removeFile(takeover); // left by a process that died while taking over
        continue;
      }
      try {
        const again = liveHolder(lock);
        if (again) throw inUse(again);
        removeFile(lock);
      } finally {
        removeFile(takeover);
      }
    }
    throw new Error(`Could not lock DATA_DIR ${dataDir}.`);
  } finally {
    removeFile(draft);
  }
}
