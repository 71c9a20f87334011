// Once per vitest run: where the server tests keep this run's migrated and seeded database (tests/server/
// harness.ts makes it on first use), removed when the run ends: a folder for the PGlite copy, or on PostgreSQL
// (TEST_DATABASE_URL) the name of a template database. New every run: the seed writes dates relative to its
// own time, so a copy from another day would be another day's data.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Empty when the server tests run on PostgreSQL (TEST_DATABASE_URL). */
    pgliteSeededFolder: string;
    /** On PostgreSQL, the template database the seeded test databases are copied from; else empty. */
    postgresSeededTemplate: string;
  }
}

export default function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const folder = serverUrl ? '' : join(process.cwd(), '.tmp', `pglite-seeded-${process.pid}`);
  const template = serverUrl ? `portal_seeded_${process.pid}` : '';
  project.provide('pgliteSeededFolder', folder);
  project.provide('postgresSeededTemplate', template);
  return async () => {
    if (folder) rmSync(folder, { recursive: true, force: true });
    if (template) {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${template}" with (force)`);
      } finally {
        await client.end();
      }
    }
  };
}
