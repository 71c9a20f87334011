// Starts the reference server: opens the database (PGlite in DATA_DIR or PostgreSQL at DATABASE_URL),
// applies migrations, seeds demo data on first start, then serves on PORT.
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { createPortalServer } from './app';

const config = readConfig();
const database = await openDatabase(config);
await seedIfEmpty(database.db);
const server = createPortalServer(database.db, config);

server.listen(config.port, () => {
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Portal on http://localhost:${config.port} (data: ${where}${config.production ? '' : ', dev controls on'})`);
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  void database.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
