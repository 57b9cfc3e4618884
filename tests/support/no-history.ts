import { spawnSync } from 'node:child_process';

/**
 * `npm run lint`'s last step: the docs, comments and test titles speak of the code as it is, so
 * none of them may name a work session, an issue number or a commit. Exits 1 naming each line.
 * Measurements and their commits belong in bench/results, which is not read.
 */
const paths = [
  'README.md',
  'docs',
  'server',
  'site',
  'backoffice',
  'shared',
  'tests',
  'deploy',
  'bench/*.ts',
  '*.config.ts',
  '*.config.mjs',
  '*.config.js',
];

const rules: { name: string; pattern: RegExp }[] = [
  // The word session (or sessions) followed by a number is work history, never the product's
  // logins; followed by a unit (ms, minutes, days) it is a duration.
  {
    name: 'a work session',
    pattern: /\b[Ss]essions? [0-9]+\b(?!\s*(ms|s|seconds?|minutes?|hours?|days?)\b)/,
  },
  { name: 'an issue marker', pattern: /<!--[^>]*#[0-9]+/ },
  { name: 'an issue number', pattern: /(\(|\b[Ii]ssue )#[0-9]{1,4}\b/ },
  {
    name: 'a commit hash',
    pattern:
      /\bcommits?\b\W+(?:[\w-]+\W+){0,3}?(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/i,
  },
];

const grep = spawnSync(
  'git',
  ['grep', '--untracked', '-I', '-n', '-E', '-e', '[Ss]ession|#[0-9]|[Cc]ommit', '--', ...paths],
  { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
// git grep exits 1 when nothing matches at all.
if (grep.status !== 0 && grep.status !== 1) {
  process.stderr.write(grep.stderr);
  process.exit(2);
}

const found: string[] = [];
for (const line of grep.stdout.split('\n')) {
  const [file, number, ...rest] = line.split(':');
  if (!file || file === 'tests/support/no-history.ts') continue;
  const text = rest.join(':');
  for (const rule of rules) {
    if (rule.pattern.test(text)) found.push(`${file}:${number}: ${rule.name}: ${text.trim()}`);
  }
}

if (found.length > 0) {
  console.error(
    `These lines speak of history (sessions, issues or commits); say why the code is so instead:\n` +
      found.join('\n'),
  );
  process.exit(1);
}
