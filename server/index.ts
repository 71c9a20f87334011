// Starts the reference server: opens the database (PGlite in DATA_DIR or PostgreSQL at DATABASE_URL),
// applies migrations, seeds demo data on first start, then serves on PORT. On SIGTERM or SIGINT it stops
// accepting connections, answers the requests in flight (10 s at most, then cuts the rest), closes the
// database and exits 0.
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readConfig } from './config';
import { DataDirInUseError, openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { createPortalServer } from './app';

const drainLimitMs = 10_000;

const config = readConfig();
const database = await openDatabase({ ...config, prepare: seedIfEmpty }).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const server = createPortalServer(database.db, config);

const inFlight = new Set<ServerResponse>();
let stopping = false;

// Runs before the app's handler, so a request that arrives while stopping gets `connection: close`.
server.prependListener('request', (_request, response: ServerResponse) => {
  if (stopping) response.setHeader('connection', 'close');
  inFlight.add(response);
  response.once('close', () => {
    inFlight.delete(response);
    // A keep-alive connection whose answer was already under way when the signal came is idle now.
    if (stopping) setImmediate(() => server.closeIdleConnections());
  });
});

server.listen(config.port, () => {
  const { port } = server.address() as AddressInfo;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Portal on http://localhost:${port} (data: ${where}${config.production ? '' : ', dev controls on'})`);
});

async function stop(signal: NodeJS.Signals) {
  if (stopping) {
    console.log(`${signal} again: cutting ${inFlight.size} requests in flight`);
    server.closeAllConnections();
    return;
  }
  stopping = true;
  // One turn of the event loop first: requests that reached us together with the signal are read in it,
  // so their connections no longer count as idle when close() ends the idle ones.
  await new Promise((resolve) => setImmediate(resolve));
  console.log(`${signal}: stopping, answering ${inFlight.size} requests in flight`);
  for (const response of inFlight) if (!response.headersSent) response.setHeader('connection', 'close');
  const closed = new Promise((resolve) => server.close(resolve));
  // server.close() stops listening and ends the idle keep-alive connections; it resolves once the busy ones have answered.
  server.closeIdleConnections();
  const limit = setTimeout(() => {
    console.log(`Still running after ${drainLimitMs / 1000} s: cut ${inFlight.size} requests`);
    server.closeAllConnections();
  }, drainLimitMs);
  await closed;
  clearTimeout(limit);
  await database.close();
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));
