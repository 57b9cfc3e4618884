import { createHash } from 'node:crypto';
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
 *
 * The first `named` shapes of a database are built to be prepared by name (`build(true)`, named by
 * `statementName`), so each connection parses and plans them once: PostgreSQL plans the first five
 * runs for their values, then keeps one plan for all when it is no dearer. Every other shape is an
 * unnamed statement, parsed and planned at each run. A connection keeps what it prepared until it
 * closes, and callers choose the filters: the statements it keeps are bounded here, not by what
 * callers send.
 */
export function preparedShapes<T>(
  max: number,
  named: number,
): (db: Db, shape: string, build: (named: boolean) => T) => T {
  const byDb = new WeakMap<Db, { statements: Map<string, T>; named: Set<string> }>();
  return (db, shape, build) => {
    let kept = byDb.get(db);
    if (!kept) byDb.set(db, (kept = { statements: new Map(), named: new Set() }));
    let statement = kept.statements.get(shape);
    if (!statement) {
      // A shape forgotten and met again is named again: its statement is the one the connections
      // prepared under that name.
      if (kept.named.size < named) kept.named.add(shape);
      statement = build(kept.named.has(shape));
      kept.statements.set(shape, statement);
      if (kept.statements.size > max)
        kept.statements.delete(kept.statements.keys().next().value as string);
    }
    return statement;
  };
}

/** The name a statement is prepared under: made from its SQL, so one name is never two texts. */
export const statementName = (text: string) =>
  `s_${createHash('sha1').update(text).digest('hex').slice(0, 32)}`;
