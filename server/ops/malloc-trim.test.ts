import { describe, expect, it } from 'vitest';
import { loadMallocTrim } from './malloc-trim.ts';

const glibc = Boolean(
  (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header
    ?.glibcVersionRuntime,
);

describe('malloc_trim', () => {
  it("is glibc's where the C library is glibc, and answers whether it gave pages back", () => {
    const trim = loadMallocTrim();
    if (!glibc) {
      expect(trim).toBeNull();
      return;
    }
    expect(trim).toBeTypeOf('function');
    // Blocks of the C heap (buffers' memory), most of them freed: a trim may give pages back.
    const kept = Array.from({ length: 2000 }, (_, i) => Buffer.allocUnsafeSlow(8000 + i));
    kept.length = 100;
    expect([0, 1]).toContain(trim!());
  });
});
