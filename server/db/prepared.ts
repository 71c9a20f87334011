// Hot queries (the viewer on every signed-in request, `me` every 15 s per member) are prepared once per
// database: drizzle builds their SQL once, and PostgreSQL can reuse the plan.
import type { Db } from './client';

export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) cache.set(db, (prepared = build(db)));
    return prepared;
  };
}
