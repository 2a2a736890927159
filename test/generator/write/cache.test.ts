// The run's record (generator/write/cache.ts), given what a run wrote, wanted: the same record read back, the files
// judged intact or not by their stats and bytes, a record cut short or edited not trusted, and the command lines
// kept (latest first, at most eight, only while erpgen's code is the same).
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CACHE,
  filesIntact,
  hashOf,
  invocationsAfter,
  readCache,
  records,
  writeCache,
  type CacheRecord,
  type Invocation,
} from '../../../generator/write/cache.js';

const root = mkdtempSync(join(tmpdir(), 'erpgen-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;

/** An output of two files, recorded as a run writes them. */
function recorded(invocations: Invocation[] = []): { out: string; record: CacheRecord } {
  const out = join(root, String(folders++));
  const files = ['a.js', 'tables/b.js'];
  files.forEach((path, i) => {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    writeFileSync(join(out, path), `file ${i}\n`);
    const past = new Date(Date.now() - 10_000);
    utimesSync(join(out, path), past, past);
  });
  const notice = { code: 'ERPGEN_LEFT_OUT_UNREACHABLE', message: 'left out table bin: unreachable' } as const;
  writeCache(
    out,
    'fp-1',
    ['erpgen abc', 'snapshot def'],
    { objects: 2, services: 0, notices: [notice] },
    invocations,
    files.map((p) => [p, hashOf(join(out, p))!] as const),
  );
  // the record written well after the files' last change (within the same clock tick, a stat proves nothing)
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(out, CACHE), later, later);
  return { out, record: readCache(out)! };
}

const invocation = (key: string): Invocation => ({
  key,
  configFile: '/p/erpgen.config.json',
  configSha: 'none',
  config: { out: 'generated' },
});

describe('the run record', () => {
  it('reads back what was written: fingerprint, parts, counts, notices, command lines, files', () => {
    const { record } = recorded([invocation('k1')]);
    expect(record.fingerprint).toBe('fp-1');
    expect(record.parts).toEqual(['erpgen abc', 'snapshot def']);
    expect(record.run).toEqual({
      objects: 2,
      services: 0,
      notices: [{ code: 'ERPGEN_LEFT_OUT_UNREACHABLE', message: 'left out table bin: unreachable' }],
    });
    expect(record.invocations).toEqual([invocation('k1')]);
    expect([...record.files.keys()]).toEqual(['a.js', 'tables/b.js']);
    expect(records(record, invocation('k1'))).toBe(true);
    expect(records(record, { ...invocation('k1'), configSha: 'other' })).toBe(false);
  });

  const judged: ReadonlyArray<
    readonly [string, { given: (out: string) => void; want: { intact: boolean; restat: boolean } }]
  > = [
    ['nothing touched: intact by the stats alone', { given: () => undefined, want: { intact: true, restat: false } }],
    [
      'a file touched, its bytes the same (a checkout): intact, worth recording again',
      { given: (out) => utimesSync(join(out, 'a.js'), new Date(), new Date()), want: { intact: true, restat: true } },
    ],
    [
      'a file edited: not intact',
      { given: (out) => appendFileSync(join(out, 'tables/b.js'), 'edited\n'), want: { intact: false, restat: false } },
    ],
    [
      'a file removed: not intact',
      { given: (out) => rmSync(join(out, 'a.js')), want: { intact: false, restat: false } },
    ],
  ];
  it.each(judged)('files: %s', (_, { given, want }) => {
    const { out, record } = recorded();
    given(out);
    const { intact, restat } = filesIntact(out, record);
    expect({ intact, restat }).toEqual(want);
  });

  it('a record cut short or edited by hand is not trusted (no run, no command lines)', () => {
    const { out } = recorded([invocation('k1')]);
    const text = readFileSync(join(out, CACHE), 'utf8');
    writeFileSync(join(out, CACHE), text.replace('run 2 0', 'run 3 0'));
    expect(readCache(out)?.run).toBeUndefined();
    expect(readCache(out)?.invocations).toEqual([]);
    writeFileSync(join(out, CACHE), text.slice(0, text.length - 20));
    expect(readCache(out)?.run).toBeUndefined();
  });

  const kept: ReadonlyArray<
    readonly [string, { given: readonly [string[], string, string | undefined]; want: string[] }]
  > = [
    [
      'the latest first, an older one of the same key dropped',
      { given: [['k1', 'k2'], 'erpgen abc', 'k2'], want: ['k2', 'k1'] },
    ],
    ['none new: those recorded', { given: [['k1', 'k2'], 'erpgen abc', undefined], want: ['k1', 'k2'] }],
    [
      'another erpgen: only the latest (it may read a command line otherwise)',
      { given: [['k1'], 'erpgen xyz', 'k2'], want: ['k2'] },
    ],
    [
      'at most eight',
      {
        given: [['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8'], 'erpgen abc', 'k9'],
        want: ['k9', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7'],
      },
    ],
  ];
  it.each(kept)('command lines: %s', (_, { given: [before, code, latest], want }) => {
    const previous = { parts: ['erpgen abc'], invocations: before.map(invocation) } as unknown as CacheRecord;
    const after = invocationsAfter(previous, [code], latest === undefined ? undefined : invocation(latest));
    expect(after.map((i) => i.key)).toEqual(want);
  });
});
