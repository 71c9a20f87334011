// Starts the reference server: opens the database (PGlite in DATA_DIR or PostgreSQL at DATABASE_URL),
// applies migrations, seeds demo data on first start, then serves on PORT. On SIGTERM or SIGINT it stops
// accepting connections, answers the requests in flight (10 s at most, then cuts the rest), stops the
// referral earnings job (waiting for a run in progress), closes the database and exits 0.
import type { ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readConfig } from './config';
import { DataDirInUseError, openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { createPortalServer } from './app';
import { startEarningsJob } from './modules/affiliates/job';

const drainLimitMs = 10_000;

const config = readConfig();
const database = await openDatabase({ ...config, prepare: seedIfEmpty }).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const server = createPortalServer(database.db, config);
const earningsJob = startEarningsJob(database.db);

const inFlight = new Set<ServerResponse>();
const sockets = new Set<Socket>();
let stopping = false;

server.on('connection', (socket: Socket) => {
  sockets.add(socket);
  socket.once('close', () => sockets.delete(socket));
});

/** Ends the connections that carry no request: kept-alive ones, and ones that never sent a byte (a load balancer's spares), which close() leaves open. */
function closeIdleConnections() {
  server.closeIdleConnections();
  for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
}

function cutAllConnections() {
  server.closeAllConnections();
  for (const socket of sockets) socket.destroy();
}

// Runs before the app's handler, so a request that arrives while stopping gets `connection: close`.
server.prependListener('request', (_request, response: ServerResponse) => {
  if (stopping) response.setHeader('connection', 'close');
  inFlight.add(response);
  response.once('close', () => {
    inFlight.delete(response);
    // A keep-alive connection whose answer was already under way when the signal came is idle now.
    if (stopping) setImmediate(closeIdleConnections);
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
    cutAllConnections();
    return;
  }
  stopping = true;
  // One turn of the event loop first: requests that reached us together with the signal are read in it,
  // so their connections no longer count as idle when close() ends the idle ones.
  await new Promise((resolve) => setImmediate(resolve));
  console.log(`${signal}: stopping, answering ${inFlight.size} requests in flight`);
  for (const response of inFlight) if (!response.headersSent) response.setHeader('connection', 'close');
  // Stops listening; `closed` resolves once the connections that carry a request have answered and closed.
  const closed = new Promise((resolve) => server.close(resolve));
  closeIdleConnections();
  const limit = setTimeout(() => {
    console.log(`Still running after ${drainLimitMs / 1000} s: cut ${inFlight.size} requests`);
    cutAllConnections();
  }, drainLimitMs);
  await closed;
  clearTimeout(limit);
  await earningsJob.stop();
  await database.close();
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));
