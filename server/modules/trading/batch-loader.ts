// Per-request loaders (GraphQL field resolvers of a list): the ids asked in the same tick are read together in one
// call, each id once per request, instead of one read per parent.
import type { Db } from '../../db/client';

/** A loader reading the values of the ids asked in the same tick with one `load`; an id it does not find: `missing`. */
export function batchLoader<V>(load: (ids: string[]) => Promise<Map<string, V>>, missing: () => V) {
  const loaded = new Map<string, Promise<V>>();
  let waiting: { id: string; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    load([...new Set(batch.map((entry) => entry.id))]).then(
      (found) => batch.forEach((entry) => entry.resolve(found.get(entry.id) ?? missing())),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  };
  return (id: string): Promise<V> => {
    let value = loaded.get(id);
    if (!value) {
      value = new Promise<V>((resolve, reject) => {
        if (waiting.length === 0) setImmediate(flush);
        waiting.push({ id, resolve, reject });
      });
      loaded.set(id, value);
    }
    return value;
  };
}

/** One loader per request context (made on its first use) from `make`. */
export function perRequest<V>(make: (db: Db) => (id: string) => Promise<V>) {
  const loaders = new WeakMap<object, (id: string) => Promise<V>>();
  return (context: { db: Db }, id: string) => {
    let loader = loaders.get(context);
    if (!loader) loaders.set(context, (loader = make(context.db)));
    return loader(id);
  };
}
