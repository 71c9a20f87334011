// The reference server in-process: an in-memory PGlite with migrations and seed, and a helper that posts
// GraphQL to the real yoga endpoint.
import { readConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { seedIfEmpty } from '../../server/db/seed';
import { createGraphQL } from '../../server/graphql';

export interface GraphQLAnswer<T = any> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, any> }[];
}

export async function startServer() {
  const database: Database = await openDatabase({ dataDir: undefined });
  await seedIfEmpty(database.db);
  const config = { ...readConfig({}), staticDir: undefined };
  const yoga = createGraphQL(database.db, config);
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
