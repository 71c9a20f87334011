// Cross-cutting hardening of the endpoint: operations without an implementation, query cost limits, the
// resolver types and the seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../server/db/seed';
import type { QueryResolvers } from '../../server/generated/resolvers-types';
import { startServer } from './harness';

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe('the contract', () => {
  it('an operation without an implementation answers a clear error, not a crash', async () => {
    const answer = await server.gql(`{ coinPaymentsConfig { name } }`);
    expect(answer.errors?.[0]).toMatchObject({
      message: 'coinPaymentsConfig is not implemented by this server yet.',
      extensions: { category: 'not_implemented' },
    });
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
