/** The bench's child processes (apps, nginx, wrk) and what it reads about them. */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const children = new Set<ChildProcess>();

/** Keeps `child` to be killed when the bench exits or is interrupted. */
export function track(child: ChildProcess) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function killChildren() {
  for (const child of children) child.kill('SIGKILL');
}

/** A program on PATH, or in /usr/bin or /usr/sbin (nginx), or null. */
export function which(command: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, command);
    if (existsSync(file)) return file;
  }
  for (const file of [`/usr/bin/${command}`, `/usr/sbin/${command}`])
    if (existsSync(file)) return file;
  return null;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `url` answers 2xx within `ms`. */
export async function waitFor(url: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return true;
    } catch {
      // Not yet.
    }
    await sleep(100);
  }
  return false;
}

/** Resident memory now and at its highest (VmRSS, VmHWM) of a process, in MB. */
export function readStatus(pid: number): { rss: number; hwm: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** Clock ticks a second in /proc/<pid>/stat (Linux's USER_HZ, 100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU seconds (user and system) the processes `pids` have used so far; null where /proc is
 * not there to tell. The difference over a run divided by its requests is what a request costs the
 * app, whatever else the host is doing at the time.
 */
export function cpuSeconds(pids: readonly number[]): number | null {
  if (pids.length === 0) return null;
  let total = 0;
  for (const pid of pids) {
    try {
      // The command name (field 2) may hold spaces; the fields after its closing bracket are fixed.
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    } catch {
      return null;
    }
  }
  return total;
}

/**
 * Samples the resident memory of each process until stopped; returns the highest sample of any
 * one of them (MB), or null without processes.
 */
export function rssSampler(pids: readonly number[]) {
  let max: number | null = null;
  const sample = () => {
    for (const pid of pids) {
      const status = readStatus(pid);
      if (status && Number.isFinite(status.rss)) max = Math.max(max ?? 0, status.rss);
    }
  };
  sample();
  const timer = setInterval(sample, 200);
  return () => {
    clearInterval(timer);
    sample();
    return max;
  };
}

/** Stops `child` with `signal`, then SIGKILL after `graceMs`; resolves once it has exited. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals, graceMs: number) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  if (!(await Promise.race([gone.then(() => true), sleep(graceMs).then(() => false)])))
    child.kill('SIGKILL');
  await gone;
}
