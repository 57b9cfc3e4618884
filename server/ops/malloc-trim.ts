import koffi from 'koffi';

/** How often the C heap's free pages are handed back to the system. */
export const MALLOC_TRIM_SECONDS = 5;

/**
 * glibc's `malloc_trim(0)`: returns every whole free page of the C heap to the system, those
 * between live blocks too (the trim threshold only gives back the top). Null where the C library
 * is not glibc (musl, macOS, Windows), or cannot be loaded.
 */
export function loadMallocTrim(): (() => number) | null {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  if (!report.header?.glibcVersionRuntime) return null;
  try {
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (
      pad: number,
    ) => number;
    return () => trim(0);
  } catch {
    return null;
  }
}

/**
 * Node's buffers, zlib's work and the kept pages' bodies live in the C heap, not V8's. Under load,
 * short-lived blocks (compressing, reading the database) between long-lived ones (kept pages)
 * leave free pages that glibc keeps: 35–40 MB of the app's RSS after a few seconds of varied
 * load at 100,000 listings (README, Speed). A trim every few seconds gives them back; it takes
 * 1–3 ms. Returns the timer's stop.
 */
export function trimMallocEvery(seconds = MALLOC_TRIM_SECONDS): () => void {
  const trim = loadMallocTrim();
  if (!trim) return () => undefined;
  const timer = setInterval(trim, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
