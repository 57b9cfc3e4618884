import type { Db } from './client.ts';

/**
 * A statement built once per database and prepared under `name`: PostgreSQL then parses and plans
 * it once per connection instead of on every call (what a listing view's statements cost most).
 * Its values are `sql.placeholder`s, given to `execute`.
 */
export function prepared<T extends { execute: unknown }>(
  build: (db: Db) => { prepare(name: string): T },
  name: string,
): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db).prepare(name);
      statements.set(db, statement);
    }
    return statement;
  };
}

/**
 * Statements kept by shape (the SQL of queries that differ only in their values), built by `build`
 * the first time a shape is met: at most `max` shapes a database, the oldest forgotten first.
 */
export function preparedShapes<T>(max: number): (db: Db, shape: string, build: () => T) => T {
  const byDb = new WeakMap<Db, Map<string, T>>();
  return (db, shape, build) => {
    let statements = byDb.get(db);
    if (!statements) byDb.set(db, (statements = new Map()));
    let statement = statements.get(shape);
    if (!statement) {
      statement = build();
      statements.set(shape, statement);
      if (statements.size > max) statements.delete(statements.keys().next().value as string);
    }
    return statement;
  };
}
