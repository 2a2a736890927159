// The writer hands its file work to threads of its own (write/file-thread.ts), or does it itself for a small
// output: what it reports and what it leaves on disk must be the same either way, and exactly what the
// synchronous writer did, including when a file cannot be written. Each test runs both ways.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserError } from '../../../generator/errors.js';
import { readCache, writeCache } from '../../../generator/write/cache.js';
import { BATCH_BYTES } from '../../../generator/write/file-thread.js';
import { FILE_LIST, OutputWriter, Utf8Parts } from '../../../generator/write/output.js';
import { ROOT } from '../../support/paths.js';

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'erpgen-writer-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** many files, several batches' worth, some with text that is not ASCII */
function files(n: number, salt: string): Array<[string, string]> {
  return Array.from({ length: n }, (_, i) => [
    `${i % 3 ? 'tables' : 'views'}/f${i}.ts`,
    `// ${salt} ${i} ü 表 😀\n${'x'.repeat((i * 7919) % 9000)}\n`,
  ]);
}

/** the characters of files given before the file threads start: 0 (from the first file), some, or never */
let threadsAfter = 0;

async function run(out: string, list: Array<[string, string]>, check = false) {
  const writer = new OutputWriter(out, check, 'pkg', undefined, undefined, threadsAfter);
  await writer.prepare();
  for (const [path, content] of list) writer.file(path, content);
  if (check) {
    const d = await writer.differences();
    await writer.discard();
    return d;
  }
  return writer.commit('fingerprint-1');
}

describe.each([
  ['on file threads', 0],
  ['on file threads started after its first files', 100_000],
  ['without file threads (a small output)', Infinity],
])('OutputWriter, %s', (_, after) => {
  beforeEach(() => {
    threadsAfter = after;
  });

  it('writes every file byte for byte, then rewrites only what changed', async () => {
    const out = join(folder(), 'pkg');
    // and one file bigger than a batch, given before the threads start in one case
    const first: Array<[string, string]> = [['big.ts', `// ü 表\n${'y'.repeat(BATCH_BYTES)}\n`], ...files(400, 'a')];
    const report = await run(out, first);
    expect(report).toMatchObject({ removed: [] });
    expect('written' in report && report.written.length).toBe(402); // and the manifest
    for (const [path, content] of first) expect(readFileSync(join(out, path), 'utf8')).toBe(content);

    const before = statSync(join(out, 'tables/f1.ts')).mtimeMs;
    const second = first.map(([p, c], i): [string, string] => [p, i === 6 ? `${c}changed` : c]).slice(0, 400);
    const again = await run(out, second);
    expect(again).toEqual({ written: ['.erpgen-files', 'tables/f5.ts'], removed: ['views/f399.ts'], unchanged: 399 });
    expect(readFileSync(join(out, 'tables/f5.ts'), 'utf8')).toBe(`${first[6]![1]}changed`);
    expect(statSync(join(out, 'tables/f1.ts')).mtimeMs).toBe(before);
    expect(existsSync(join(out, 'views/f399.ts'))).toBe(false);
    // nothing left beside the output
    expect(readdirSync(join(out, '..'))).toEqual(['pkg']);
  });

  it('Utf8Parts: the UTF-8 of every part in a buffer of its exact size, across its chunks (1 MiB) and parts bigger than one', () => {
    const text = `${'a'.repeat((1 << 20) - 1)}表ü😀${'b'.repeat(3 << 20)}表\n`;
    const parts = new Utf8Parts();
    parts.put(text.slice(0, 5));
    parts.put('');
    parts.put(text.slice(5));
    const content = parts.content;
    expect(Buffer.from(content).equals(Buffer.from(text))).toBe(true);
    // not a view of a bigger buffer: what the writer moves to a file thread is the file's bytes only
    expect(content.buffer.byteLength).toBe(content.length);
  });

  it('writes a file given as its UTF-8 bytes (a big one in a buffer with room after it), and records their hashes', async () => {
    const out = join(folder(), 'pkg');
    const big = `// ü 表\n${'z'.repeat(BATCH_BYTES)}\n`;
    const parts = new Utf8Parts();
    for (let i = 0; i < big.length; i += 1000) parts.put(big.slice(i, i + 1000));
    const given: Array<[string, string | Uint8Array]> = [
      ['big.js', parts.content],
      ['small.js', new TextEncoder().encode('small ü\n')],
      ...files(20, 'a'),
    ];
    const writer = new OutputWriter(out, false, 'pkg', undefined, undefined, threadsAfter);
    await writer.prepare();
    for (const [path, content] of given) writer.file(path, content);
    await writer.commit('fingerprint-1');
    expect(readFileSync(join(out, 'big.js'), 'utf8')).toBe(big);
    expect(readFileSync(join(out, 'small.js'), 'utf8')).toBe('small ü\n');
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const record = readCache(out)!;
    expect(record.files.get('big.js')).toBe(sha256(big));
    expect(record.files.get('small.js')).toBe(sha256('small ü\n'));
    expect(record.files.get(FILE_LIST)).toBe(sha256(readFileSync(join(out, FILE_LIST), 'utf8')));
  });

  it('is up to date only with the fingerprint it recorded and every file as it wrote it', async () => {
    const out = join(folder(), 'pkg');
    const recorded = { objects: 0, services: 0, notices: [], files: 31 }; // and the manifest
    await run(out, files(30, 'a'));
    expect(new OutputWriter(out, true).upToDate('fingerprint-1')).toEqual(recorded);
    expect(new OutputWriter(out, true).upToDate('fingerprint-2')).toBeUndefined();
    writeFileSync(join(out, 'views/f3.ts'), 'edited');
    expect(new OutputWriter(out, true).upToDate('fingerprint-1')).toBeUndefined();
    await run(out, files(30, 'a'));
    expect(new OutputWriter(out, true).upToDate('fingerprint-1')).toEqual(recorded);
    rmSync(join(out, 'tables/f4.ts'));
    expect(new OutputWriter(out, true).upToDate('fingerprint-1')).toBeUndefined();
  });

  it('trusts a file by its size and times, a file edited within the same tick by its bytes', async () => {
    const out = join(folder(), 'pkg');
    await run(out, files(30, 'a'));
    const file = join(out, 'views/f3.ts');
    const { mtime, size } = statSync(file);
    // the same size and mtime, other bytes: only the ctime tells, and it does
    writeFileSync(file, readFileSync(file, 'utf8').replace('a 3', 'b 3'));
    expect(statSync(file).size).toBe(size);
    utimesSync(file, mtime, mtime);
    expect(new OutputWriter(out, true).upToDate('fingerprint-1')).toBeUndefined();
    // a record edited by hand (or cut short) is not trusted, even where the files are those it names
    await run(out, files(30, 'a'));
    const cache = join(out, '.erpgen-cache');
    writeFileSync(cache, readFileSync(cache, 'utf8').replace(/^run 0 0$/m, 'run 7 0'));
    expect(new OutputWriter(out, true).upToDate('fingerprint-1')).toBeUndefined();
  });

  it('records a command line new to the record when up to date, and is up to date where it cannot record it', async () => {
    const out = join(folder(), 'pkg');
    await run(out, files(30, 'a'));
    const invocation = {
      key: 'k'.repeat(64),
      configFile: join(out, 'erpgen.config.json'),
      configSha: 'none',
      config: {},
    };
    const recorded = { objects: 0, services: 0, notices: [], files: 31 };
    // where the record cannot be written (here a folder in the way of its temporary file), up to date all the same
    const temporary = join(out, `.erpgen-cache.${process.pid}`);
    mkdirSync(temporary);
    expect(new OutputWriter(out, false, 'pkg', invocation).upToDate('fingerprint-1')).toEqual(recorded);
    expect(readCache(out)!.invocations).toEqual([]);
    rmSync(temporary, { recursive: true });
    // --check records nothing; a run that may write records it
    expect(new OutputWriter(out, true, 'pkg', invocation).upToDate('fingerprint-1')).toEqual(recorded);
    expect(readCache(out)!.invocations).toEqual([]);
    expect(new OutputWriter(out, false, 'pkg', invocation).upToDate('fingerprint-1')).toEqual(recorded);
    expect(readCache(out)!.invocations).toEqual([invocation]);
    expect(new OutputWriter(out, true).upToDate('fingerprint-1')).toEqual(recorded);
  });

  it('records an output of more files than a call takes arguments (a 10x tenant writes 143,000)', () => {
    const out = folder();
    const paths = Array.from({ length: 200_000 }, (_, i) => `views/v${i}.js`);
    writeCache(
      out,
      'fingerprint-1',
      [],
      { objects: 1, services: 0, notices: [] },
      [],
      [...paths.map((p) => [p, 'a'.repeat(64)] as const), [FILE_LIST, 'b'.repeat(64)] as const],
    );
    const record = readCache(out)!;
    expect(record.run).toEqual({ objects: 1, services: 0, notices: [] });
    expect(record.files.size).toBe(200_001);
    // by path, as the manifest lists them
    expect([...record.files.keys()].slice(0, 3)).toEqual([FILE_LIST, 'views/v0.js', 'views/v1.js']);
  });

  it('in check mode reports the differences and writes nothing', async () => {
    const out = join(folder(), 'pkg');
    await run(out, files(50, 'a'));
    const differences = await run(out, files(50, 'b').slice(0, 49), true);
    expect(differences).toMatchObject({ removed: ['tables/f49.ts'] });
    expect('changed' in differences && differences.changed).toHaveLength(50); // 49 files and the manifest
    expect(readFileSync(join(out, 'views/f0.ts'), 'utf8')).toContain('// a 0');
    expect(readdirSync(join(out, '..'))).toEqual(['pkg']);
  });

  it('a file that cannot be written is one line naming it, and the previous output stays', async () => {
    const parent = folder();
    const out = join(parent, 'pkg');
    await run(out, files(10, 'a'));
    // a name longer than the file system takes: it cannot be staged
    const error = await run(out, [...files(10, 'b'), [`tables/${'x'.repeat(300)}.ts`, 'x']]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toMatch(/^pkg: cannot write \.pkg\.erpgen-staging-\d+\/[01]\/tables\/x+\.ts: /);
    expect((error as Error).message).not.toContain('\n');
    expect(readFileSync(join(out, 'views/f0.ts'), 'utf8')).toContain('// a 0');
    // nothing left beside the output: no staging folder, no lock
    expect(readdirSync(parent)).toEqual(['pkg']);
  });
});

describe('OutputWriter', () => {
  it('its threads also run from the sources under tsx, whose transpiler wraps functions in a helper of its own', () => {
    const dir = folder();
    const script = join(dir, 'write.mts');
    writeFileSync(
      script,
      `import { OutputWriter } from ${JSON.stringify(join(ROOT, 'generator/write/output.ts'))};
const writer = new OutputWriter(${JSON.stringify(join(dir, 'pkg'))}, false, 'pkg', undefined, undefined, 0);
await writer.prepare();
for (let i = 0; i < 50; i++) writer.file(\`tables/f\${i}.ts\`, \`// \${i}\\n\`);
console.log((await writer.commit('f')).written.length);
`,
    );
    const out = execFileSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), script], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('51');
    expect(readFileSync(join(dir, 'pkg/tables/f7.ts'), 'utf8')).toBe('// 7\n');
  });
});
