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
