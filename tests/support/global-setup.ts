// Once per vitest run: the folder where the server tests keep this run's migrated and seeded PGlite database
// (tests/server/harness.ts makes it on first use), removed when the run ends. A new folder every run: the seed
// writes dates relative to its own time, so a copy from another day would be another day's data.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Empty when the server tests run on PostgreSQL (TEST_DATABASE_URL), where every file migrates its own. */
    pgliteSeededFolder: string;
  }
}

export default function setup(project: TestProject) {
  const folder = process.env.TEST_DATABASE_URL ? '' : join(process.cwd(), '.tmp', `pglite-seeded-${process.pid}`);
  project.provide('pgliteSeededFolder', folder);
  return () => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
}
