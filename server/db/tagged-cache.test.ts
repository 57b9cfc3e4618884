import { describe, expect, it } from 'vitest';
import type { ChangeTag } from './changes.ts';
import { TaggedCache } from './tagged-cache.ts';

const text = (n: number) => 'x'.repeat(n);

describe('the tagged cache', () => {
  it('stays within its bytes, forgetting the least recently used first', () => {
    const cache = new TaggedCache<string>({
      maxEntries: 100,
      maxBytes: 1000,
      sizeOf: (value) => value.length,
      ttlMs: 60_000,
    });
    for (const key of ['a', 'b', 'c']) cache.set(key, text(300), [`listing:${key}`]);
    cache.get('a');
    cache.set('d', text(300), ['listing:d']);
    expect(cache.bytes).toBe(900);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    // A value larger than the whole cache is not kept, and pushes nothing out.
    cache.set('e', text(1001), ['listing:e']);
    expect(cache.get('e')).toBeUndefined();
    expect(cache.size).toBe(3);
    // A notice ends its entries and their bytes.
    cache.invalidate('listing:a');
    expect(cache.bytes).toBe(600);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it('ends every entry at a notice of the tags it is ended by, which entries need not name', () => {
    let notify: (change: ChangeTag) => void = () => undefined;
    const changes = {
      subscribe: (listener: (change: ChangeTag) => void) => {
        notify = listener;
        return () => undefined;
      },
    };
    const cache = new TaggedCache<number>(
      { maxEntries: 10, ttlMs: 60_000, endedBy: ['reference'] },
      changes,
    );
    cache.set('1', 1, ['listing:1', 'seller:7']);
    cache.set('2', 2, ['listing:2', 'seller:8']);
    notify('seller:8');
    expect([cache.get('1'), cache.get('2')]).toEqual([1, undefined]);
    notify('ads');
    expect(cache.get('1')).toBe(1);
    notify('reference');
    expect(cache.size).toBe(0);
  });

  it('keeps a value read at its second miss only, among the last keys it remembers', async () => {
    const cache = new TaggedCache<string>({
      maxEntries: 10,
      ttlMs: 60_000,
      keepRepeated: { remember: 2 },
    });
    let reads = 0;
    const read = (key: string) =>
      cache.getOrCompute(key, async () => ({ value: `${key}${++reads}`, tags: [] }));
    expect(await read('a')).toBe('a1');
    expect(cache.get('a')).toBeUndefined();
    expect(await read('a')).toBe('a2');
    expect(await read('a')).toBe('a2');
    expect(reads).toBe(2);

    // 'b' missed once, then two other keys: 'b' is forgotten, its next miss is a first again.
    await read('b');
    await read('c');
    await read('d');
    await read('b');
    expect(cache.get('b')).toBeUndefined();
    await read('b');
    expect(cache.get('b')).toBe('b7');
  });

  it('keeps at most its number of entries', () => {
    const cache = new TaggedCache<number>({ maxEntries: 2, ttlMs: 60_000 });
    cache.set('a', 1, []);
    cache.set('b', 2, []);
    cache.set('c', 3, []);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });
});
