import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { preparedShapes, statementName } from './prepared.ts';

/** Builds statements that say whether they were built to be named. */
const builder = () => {
  const built: Array<[string, boolean]> = [];
  const build = (shape: string) => (named: boolean) => {
    built.push([shape, named]);
    return { shape, named };
  };
  return { built, build };
};

describe('statements kept by shape', () => {
  const db = {} as Db;

  it('names only the first shapes of a database, and builds each shape once while kept', () => {
    const shapes = preparedShapes<{ shape: string; named: boolean }>(10, 2);
    const { built, build } = builder();
    for (const shape of ['a', 'b', 'c', 'a', 'c', 'd'])
      expect(shapes(db, shape, build(shape))).toMatchObject({ shape });
    expect(built).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
      ['d', false],
    ]);
    // Another database has its own shapes and names.
    expect(shapes({} as Db, 'c', build('c')).named).toBe(true);
  });

  it('forgets the oldest shape past its limit, and names a forgotten named shape again', () => {
    const shapes = preparedShapes<{ shape: string; named: boolean }>(2, 2);
    const { built, build } = builder();
    for (const shape of ['a', 'b', 'c', 'a']) shapes(db, shape, build(shape));
    expect(built).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
      ['a', true],
    ]);
  });

  it('names a statement by its text: the same text the same name, another text another', () => {
    const name = statementName('select 1');
    expect(name).toBe(statementName('select 1'));
    expect(name).not.toBe(statementName('select 2'));
    // PostgreSQL keeps 63 bytes of a name.
    expect(name.length).toBeLessThanOrEqual(63);
  });
});
