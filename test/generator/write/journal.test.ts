// The journal is written a part at a time (a 10x tenant's is 20 MB): what is on disk must be exactly
// JSON.stringify's text of it, and read back as the journal written.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileHashes } from '../../../generator/write/cache.js';
import {
  journalPath,
  lazyList,
  readJournal,
  stagingPrefix,
  writeJournal,
  type Journal,
} from '../../../generator/write/journal.js';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('writeJournal', () => {
  it('writes what JSON.stringify writes, over many parts, and reads it back', () => {
    const parent = mkdtempSync(join(tmpdir(), 'erpgen-journal-'));
    folders.push(parent);
    const real = join(parent, 'pkg');
    mkdirSync(real);
    // more than a part (64 KiB) of moves and records, names that JSON escapes, and fields it leaves out
    const paths = Array.from({ length: 5000 }, (_, i) => `tables/t${i}_ü表😀"\u2028\u0001.js`);
    const journal = {
      staging: `${stagingPrefix(real)}123`,
      pid: 123,
      at: '2026-11-28T05:00:00.000Z',
      first: false,
      moves: paths.map((p, i) => [i % 2, p] as const),
      removes: ['views/gone.js', 'constructor', '__proto__', 'a\\b'],
      record: {
        fingerprint: 'f'.repeat(64),
        parts: ['erpgen 0.1.0 abc'],
        run: {
          objects: 5000,
          services: 0,
          notices: [{ code: 'ERPGEN_LEFT_OUT_UNREACHABLE', message: 'left out table bin', subject: undefined }],
        },
        invocations: [],
        files: paths.map((p) => [p, 'a'.repeat(64)] as const),
      },
    } as unknown as Journal;
    writeJournal(real, journal);
    const text = readFileSync(journalPath(real), 'utf8');
    expect(text.length).toBeGreaterThan(1 << 17);
    expect(text).toBe(JSON.stringify(journal));
    // (a path with a backslash is refused as it was)
    expect(readJournal(real)).toEqual({ why: 'it names paths outside the folder' });
    writeJournal(real, { ...journal, removes: journal.removes.slice(0, 3) });
    expect(readJournal(real)).toEqual({
      journal: JSON.parse(JSON.stringify({ ...journal, removes: journal.removes.slice(0, 3) })),
    });
    // the writer's lists, made as they are written: the same text as the arrays
    const lazy: Journal = {
      ...journal,
      moves: lazyList(paths.length, (i) => [i % 2, paths[i]!] as const),
      record: {
        ...journal.record,
        files: fileHashes(
          paths.length,
          (i) => paths[i]!,
          () => 'a'.repeat(64),
        ),
      },
    };
    writeJournal(real, lazy);
    expect(readFileSync(journalPath(real), 'utf8')).toBe(text);
  });
});
