// Cross-cutting hardening of the endpoint: operations without an implementation (the guard), query cost limits, the
// resolver types, the shape of the server's modules and the seed.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema, graphql } from 'graphql';
import { seedIfEmpty } from '../../server/db/seed';
import { guardOperations } from '../../server/graphql';
import type { QueryResolvers } from '../../server/generated/resolvers-types';
import { startServer } from './harness';

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe('the contract', () => {
  it('an operation without an implementation answers a clear error, not a crash', async () => {
    // Every operation of the contract has a resolver now (the tariffs area was the last): the guard is
    // checked on a schema of its own, as the server applies it to the contract.
    const schema = guardOperations(buildSchema(`type Query { moduleProductsUpgradeCart: String }`));
    const answer = await graphql({ schema, source: '{ moduleProductsUpgradeCart }' });
    expect(answer.errors?.[0]).toMatchObject({ message: 'moduleProductsUpgradeCart is not implemented by this server yet.' });
    expect(answer.errors?.[0]?.originalError).toMatchObject({ extensions: { category: 'not_implemented' } });
    const contract = await server.gql(`{ moduleProductsUpgradeCart(whitelabel_uuid: "x", user_uuid: "y", order_id: "1") { diff_price } }`);
    expect(contract.errors?.[0]?.extensions?.category).toBe('validation');
  });

  it('refuses queries that multiply work through aliases', async () => {
    const fine = Array.from({ length: 3 }, (_, i) => `a${i}: appState { status }`).join(' ');
    expect((await server.gql(`{ ${fine} }`)).errors).toBeUndefined();
    const greedy = Array.from({ length: 40 }, (_, i) => `a${i}: appState { status }`).join(' ');
    const answer = await server.gql(`{ ${greedy} }`);
    expect(answer.errors?.[0]?.message).toMatch(/aliases/i);
  });

  it('resolvers are typed from the contract (checked by tsc, not at run time)', () => {
    const wrong: QueryResolvers = {
      // @ts-expect-error appState answers an AppState, not a number
      appState: () => 1,
    };
    expect(wrong).toBeDefined();
  });
});

describe('the database', () => {
  it('seeds only once', async () => {
    expect(await seedIfEmpty(server.db)).toBe(false);
  });
});

describe('server modules (DESIGN §2)', () => {
  const modulesDir = new URL('../../server/modules/', import.meta.url);
  const areas = readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

  it('are areas, each with resolvers, tables and its rules in service files by concern', () => {
    expect(areas).toEqual(expect.arrayContaining(['shell', 'auth', 'account', 'app-status']));
    for (const area of areas) {
      const files = readdirSync(new URL(`${area}/`, modulesDir));
      expect(files).toEqual(expect.arrayContaining(['resolvers.ts', 'tables.ts']));
      expect(files.filter((file) => file.endsWith('.ts') && file !== 'resolvers.ts' && file !== 'tables.ts'), area).not.toEqual([]);
    }
  });

  it('keep SQL out of resolvers: no drizzle-orm or tables imports there', () => {
    const offences = areas.filter((area) =>
      /from\s+['"](drizzle-orm[^'"]*|[^'"]*\/tables)['"]/.test(readFileSync(new URL(`${area}/resolvers.ts`, modulesDir), 'utf8')),
    );
    expect(offences).toEqual([]);
  });
});
