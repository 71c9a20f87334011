// Starts the reference server: opens the database (PGlite in DATA_DIR or PostgreSQL at DATABASE_URL),
// applies migrations, seeds demo data on first start, then serves on PORT. On SIGTERM or SIGINT it accepts
// the connections that had already arrived, stops listening, and answers every request it has received:
// with its result when it can finish within the 10 s drain, otherwise with the retryable 503 `unavailable`
// (Retry-After); then it stops the jobs (waiting for the passes in progress), closes the
// database and exits 0. A second signal cuts what is left.
import type { ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readConfig } from './config';
import { DataDirInUseError, openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { createPortalServer } from './app';
import { unavailable } from './errors';
import { startJobs } from './jobs';
import { refuseHashing } from './security/password';
import { checkSecretsKeyConfig } from './modules/trading/secrets';

/** Every request received is answered within this after the signal. */
const drainLimitMs = 10_000;
/**
 * From here on the requests' new work (a query, a transaction, a password hash) is refused as `unavailable`, so
 * what is still running answers by itself before the limit, without having written half of anything.
 */
const refuseNewWorkAfterMs = 9_000;
/** What a refused request is told to wait: about the time a restarted server takes to listen again. */
const retryAfterSeconds = 5;

const config = readConfig();
// Exchange credentials are sealed with EXCHANGE_SECRETS_KEY: production does not start without it.
try {
  checkSecretsKeyConfig(process.env, config.production);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const database = await openDatabase({ ...config, prepare: seedIfEmpty }).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const server = createPortalServer(database.requestDb, config);
const serverJobs = startJobs(database.db);

const inFlight = new Set<ServerResponse>();
const sockets = new Set<Socket>();
let accepted = 0;
/** The signal has come: every answer closes its connection. */
let stopping = false;
/** The server no longer listens: a connection without a request in flight is closed. */
let draining = false;

server.on('connection', (socket: Socket) => {
  accepted += 1;
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
    if (draining) setImmediate(closeIdleConnections);
  });
});

server.listen(config.port, () => {
  const { port } = server.address() as AddressInfo;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Portal on http://localhost:${port} (data: ${where}${config.production ? '' : ', dev controls on'})`);
});

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** The listen backlog Node asks for: no more connections than this can be waiting to be accepted. */
const listenBacklog = 511;

/**
 * Accepts the connections that arrived before the signal. libuv accepts one connection per turn of the event
 * loop, so a burst waits in the kernel's listen backlog while the loop is busy, its requests already sent;
 * closing the listening socket then resets every one of them. Each turn polls once; two turns that accept
 * nothing mean the backlog is empty, and by then every accepted connection's request has been read. A steady
 * stream of new connections does not hold the stop up: after a backlog's worth, what came before the signal is in.
 */
async function acceptWhatArrived() {
  const first = accepted;
  for (let quiet = 0; quiet < 2 && accepted - first <= listenBacklog; ) {
    const before = accepted;
    await turn();
    quiet = accepted === before ? quiet + 1 : 0;
  }
}

/** The answer of a request that is still running at the limit: 503 `unavailable`, as the GraphQL error. */
function answerUnavailable(response: ServerResponse) {
  const { message, extensions } = unavailable(retryAfterSeconds);
  const body = JSON.stringify({ errors: [{ message, extensions: { category: extensions.category, retry_after: extensions.retry_after } }] });
  // The handler's own answer, should it still come, goes nowhere.
  response.on('error', () => {});
  response.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'retry-after': String(retryAfterSeconds),
    connection: 'close',
  });
  response.end(body);
}

async function stop(signal: NodeJS.Signals) {
  if (stopping) {
    console.log(`${signal} again: cutting ${inFlight.size} requests in flight`);
    cutAllConnections();
    return;
  }
  stopping = true;
  const signalled = performance.now();
  const after = (ms: number) => Math.max(0, signalled + ms - performance.now());
  for (const response of inFlight) if (!response.headersSent) response.setHeader('connection', 'close');
  const refuseNewWork = setTimeout(() => {
    const refusal = () => unavailable(retryAfterSeconds);
    refuseHashing(refusal);
    database.refuseRequests(refusal);
  }, after(refuseNewWorkAfterMs));
  await acceptWhatArrived();
  console.log(`${signal}: stopping, answering ${inFlight.size} requests in flight`);
  // Stops listening; `closed` resolves once the connections that carry a request have answered and closed.
  draining = true;
  const closed = new Promise((resolve) => server.close(resolve));
  closeIdleConnections();
  let cutTimer: NodeJS.Timeout | undefined;
  const limit = setTimeout(() => {
    const unanswered = [...inFlight].filter((response) => !response.headersSent);
    for (const response of unanswered) answerUnavailable(response);
    // An answer already under way cannot be turned into a 503; nor can a client that does not read be waited for.
    const underWay = inFlight.size - unanswered.length;
    console.log(`Still running after ${drainLimitMs / 1000} s: answered ${unanswered.length} requests with 503 unavailable`);
    if (underWay > 0) console.log(`and cut ${underWay} requests whose answers were under way`);
    for (const response of inFlight) if (response.headersSent && !response.writableEnded) response.destroy();
    cutTimer = setTimeout(() => {
      console.log(`Connections still open 1 s later: cut ${sockets.size}`);
      cutAllConnections();
    }, 1000);
  }, after(drainLimitMs));
  await closed;
  clearTimeout(refuseNewWork);
  clearTimeout(limit);
  clearTimeout(cutTimer);
  await serverJobs.stop();
  await database.close();
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));
