// Hot queries (the viewer on every signed-in request, `me` every 15 s per member) are prepared once per
// database: drizzle builds their SQL once, and PostgreSQL can reuse the plan (node-postgres sends them as
// named statements). PGlite's query() always parses and plans anew on the unnamed statement, and for me's
// member view the plan costs several times the run; so the texts of these queries are noted here, and the
// PGlite client (db/client.ts, planCachedStatements) runs them as server-side prepared statements.
import type { Db } from './client';

/** The SQL texts of the prepared hot queries. */
export const hotStatementTexts = new Set<string>();

export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) {
      cache.set(db, (prepared = build(db)));
      const text = (prepared as { getQuery?: () => { sql: string } }).getQuery?.().sql;
      if (text) hotStatementTexts.add(text);
    }
    return prepared;
  };
}
