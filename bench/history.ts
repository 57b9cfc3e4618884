import { readFile, writeFile } from 'node:fs/promises';

/** What the history keeps of a run's report (bench/run.ts's BenchReport has it). */
interface Run {
  startedAt: string;
  combos: readonly {
    db: string;
    size: number;
    peakRssMb: number | null;
    error?: string;
    scenarios: readonly Scenario[];
  }[];
}
interface Scenario {
  key: string;
  rps: number;
  p95: number;
}

/** The columns every row starts with; each scenario then adds its req/s and its p95. */
const fixed = ['date', 'commit', 'database', 'listings', 'static req/s', 'peak RSS MB'];

/**
 * Adds one row per dataset of a run to `bench/results/history.csv`. A scenario the file has no
 * column for yet gets two (its req/s and p95 ms), empty in the rows before it.
 */
export async function appendHistory(file: string, report: Run, commit: string) {
  const text = await readFile(file, 'utf8').catch(() => '');
  const [head = fixed.join(','), ...rows] = text.split('\n').filter(Boolean);
  const header = head.split(',');
  const rowsOf = report.combos
    .filter((combo) => !combo.error)
    .map((combo) => {
      const cells = new Map<string, string>([
        ['date', `${report.startedAt.slice(0, 19)}Z`],
        ['commit', commit],
        ['database', combo.db],
        ['listings', String(combo.size)],
        ['static req/s', String(Math.round(staticRps(combo.scenarios)))],
        ['peak RSS MB', combo.peakRssMb === null ? '' : String(Math.round(combo.peakRssMb))],
      ]);
      for (const s of combo.scenarios) {
        cells.set(`${s.key} req/s`, String(round(s.rps)));
        cells.set(`${s.key} p95 ms`, String(round(s.p95)));
      }
      for (const column of cells.keys()) if (!header.includes(column)) header.push(column);
      return cells;
    });
  const pad = (row: string) => {
    const cells = row.split(',');
    return [...cells, ...Array<string>(Math.max(0, header.length - cells.length)).fill('')];
  };
  const lines = [
    header.join(','),
    ...rows.map((row) => pad(row).join(',')),
    ...rowsOf.map((cells) => header.map((column) => cells.get(column) ?? '').join(',')),
  ];
  await writeFile(file, lines.join('\n') + '\n');
}

const staticRps = (scenarios: readonly Scenario[]) =>
  scenarios.find((s) => s.key === 'static')?.rps ?? 0;

/** Three significant figures: enough for a figure that moves by more than that between runs. */
const round = (n: number) => Number(n.toPrecision(3));
