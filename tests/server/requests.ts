// Requests as a browser or an attacker sends them, on the database a test's startServer() opened: a host
// (the tenant's), an Origin, the caller's address, and the whole HTTP server for headers and routes.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { readConfig, type ServerConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { createGraphQL } from '../../server/graphql';
import { createPortalServer } from '../../server/app';
import type { GraphQLAnswer } from './harness';

export interface Caller {
  /** The Host the request goes to (default localhost: the demo tenant). */
  host?: string;
  origin?: string;
  /** The socket's remote address (default none, as in-process requests have). */
  ip?: string;
}

export const testConfig = (overrides: Partial<ServerConfig> = {}): ServerConfig => ({
  ...readConfig({}),
  staticDir: undefined,
  ...overrides,
});

/** A GraphQL endpoint on the test's database that sends requests as `caller`. */
export function graphqlAs(db: Db, caller: Caller = {}, config = testConfig()) {
  const yoga = createGraphQL(db, config);
  return async function gql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<GraphQLAnswer<T>> {
    const response = await yoga.fetch(
      `http://${caller.host ?? 'localhost'}/graphql`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(caller.origin ? { origin: caller.origin } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query, variables }),
      },
      // The server context a Node request would give: the socket's address.
      (caller.ip ? { req: { socket: { remoteAddress: caller.ip } } } : {}) as never,
    );
    return (await response.json()) as GraphQLAnswer<T>;
  };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The whole HTTP server (app.ts) on a free port, and a raw request that may set any header (Host too). */
/** Sends a request to a server on this machine's port, and reads its answer as text. */
export function sender(port: number) {
  return (path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        },
      );
      request.on('error', reject);
      request.end(options.body);
    });
}

export async function listen(db: Db, config = testConfig()) {
  const server = createPortalServer(db, config);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    send: sender(port),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
