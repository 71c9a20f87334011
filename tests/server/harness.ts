// The reference server in-process: a fresh database with migrations and seed, and a helper that posts
// GraphQL to the real yoga endpoint. In-memory PGlite by default; with TEST_DATABASE_URL (a PostgreSQL
// server) every test file gets a database of its own, created here and dropped on close, so files run in
// parallel; a seeded one is a copy of this run's migrated and seeded template database (CREATE DATABASE ..
// TEMPLATE, made by the first file that asks), which skips the migrations and the seed each file would repeat.
// On PGlite the first instance of a run migrates and seeds a database once and leaves a copy of it on disk
// (tests/support/global-setup.ts names the folder); every other instance starts from that copy, which takes a
// fraction of the migrations and the seed (about 0.5 s instead of 4 s a test file on two quiet cores).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { readConfig, type ServerConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { seedIfEmpty } from '../../server/db/seed';
import { createGraphQL } from '../../server/graphql';

export interface GraphQLAnswer<T = any> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, any> }[];
}

/** The PostgreSQL server the tests run on, or undefined for PGlite. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export const databaseName = testDatabaseUrl ? 'PostgreSQL' : 'PGlite';

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseUrlOn = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The files of a run take turns making the seeded template (a PostgreSQL advisory lock on the server). */
const templateLockKey = 72_019_052;

/** This run's migrated and seeded template database on the server (its name), made by the first file that asks. */
async function seededTemplate(serverUrl: string): Promise<string> {
  const name = inject('postgresSeededTemplate');
  if (!name) throw new Error('No seeded template named for this run (tests/support/global-setup.ts)');
  await onServer(serverUrl, async (client) => {
    await client.query('select pg_advisory_lock($1)', [templateLockKey]);
    try {
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount) return;
      await client.query(`create database "${name}"`);
      try {
        const made = await openDatabase({ databaseUrl: databaseUrlOn(serverUrl, name), dataDir: undefined, prepare: seedIfEmpty });
        await made.close();
      } catch (error) {
        await client.query(`drop database if exists "${name}" with (force)`);
        throw error;
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [templateLockKey]);
    }
  });
  return name;
}

/**
 * A new database on the TEST_DATABASE_URL server: its URL and a drop(). Empty, or with `seeded` a copy of
 * this run's migrated and seeded template (what a server's start would make of an empty one).
 */
export async function createTestDatabase(serverUrl = testDatabaseUrl!, { seeded = false } = {}) {
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = seeded ? await seededTemplate(serverUrl) : undefined;
  await onServer(serverUrl, (client) => client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`));
  return {
    url: databaseUrlOn(serverUrl, name),
    // WITH (FORCE) ends connections a killed server process may have left behind.
    drop: () => onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
  };
}

/** The migrated and seeded PGlite database of this run, made by the first instance that asks. */
async function seededCopy(): Promise<Blob | undefined> {
  const folder = inject('pgliteSeededFolder');
  if (!folder) return undefined;
  const file = join(folder, 'seeded.tar');
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const made = await openDatabase({ dataDir: undefined, prepare: seedIfEmpty });
  try {
    const dump = (await (made.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client.dumpDataDir('none'));
    // Written whole, then renamed: a worker reading at the same moment sees the file complete or not at all.
    mkdirSync(folder, { recursive: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    await made.close();
  }
}

/** One server instance on a database: its own connection (pool) and its own GraphQL endpoint. */
export async function startInstance(databaseUrl: string | undefined, config: Partial<ServerConfig> = {}) {
  const startFrom = databaseUrl ? undefined : await seededCopy();
  const database: Database = await openDatabase({ databaseUrl, dataDir: undefined, prepare: seedIfEmpty, startFrom });
  const yoga = createGraphQL(database.db, { ...readConfig({}), staticDir: undefined, ...config });
  async function gql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<GraphQLAnswer<T>> {
    const response = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GraphQLAnswer<T>;
  }
  return { database, db: database.db, gql, close: () => database.close() };
}

export async function startServer() {
  const fresh = testDatabaseUrl ? await createTestDatabase(testDatabaseUrl, { seeded: true }) : undefined;
  try {
    const instance = await startInstance(fresh?.url);
    return {
      ...instance,
      close: async () => {
        await instance.close();
        await fresh?.drop();
      },
    };
  } catch (error) {
    await fresh?.drop();
    throw error;
  }
}
