// The reference server in-process: a fresh database with migrations and seed, and a helper that posts
// GraphQL to the real yoga endpoint. In-memory PGlite by default; with TEST_DATABASE_URL (a PostgreSQL
// server) every test file gets a database of its own, created here and dropped on close, so files run in
// parallel.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
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

/** A new, empty database on the TEST_DATABASE_URL server: its URL and a drop(). */
export async function createTestDatabase(serverUrl = testDatabaseUrl!) {
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // WITH (FORCE) ends connections a killed server process may have left behind.
    drop: () => onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
  };
}

/** One server instance on a database: its own connection (pool) and its own GraphQL endpoint. */
export async function startInstance(databaseUrl: string | undefined, config: Partial<ServerConfig> = {}) {
  const database: Database = await openDatabase({ databaseUrl, dataDir: undefined, prepare: seedIfEmpty });
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
  const fresh = testDatabaseUrl ? await createTestDatabase() : undefined;
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
