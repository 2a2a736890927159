// The CLI as users run it: a process, exit codes, one-line errors, and what it does to the output folder.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { constants, openSync, closeSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { runCli, tempDir } from '../support/cli.js';
import { CLI, ROOT, SAMPLE_SNAPSHOT } from '../support/paths.js';
import { mtimes, readTree } from '../support/tree.js';

const work = tempDir();
let n = 0;
function fresh(): { dir: string; snapshot: string; out: string } {
  const dir = join(work, `case${n++}`);
  mkdirSync(dir, { recursive: true });
  cpSync(SAMPLE_SNAPSHOT, join(dir, 'schema'), { recursive: true });
  return { dir, snapshot: join(dir, 'schema'), out: join(dir, 'generated') };
}

function generateOk(dir: string, ...args: string[]) {
  const result = runCli(['generate', '--snapshot', 'schema', '--out', 'generated', ...args], dir);
  expect(result.stderr.replace(/erpgen: left out table bin:.*\n/, '')).toBe('');
  expect(result.code).toBe(0);
  return result;
}

/** one line, exit code as given, never a stack trace */
function expectUserError(result: ReturnType<typeof runCli>, code: number, pattern: RegExp) {
  expect(result.code).toBe(code);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr.trim()).toMatch(pattern);
}

describe('erpgen generate', () => {
  it('writes the package and reports what it did', () => {
    const { dir, out } = fresh();
    const result = generateOk(dir);
    expect(result.stdout).toMatch(
      /^erpgen: 104 objects and 12 services into generated: \d+ file\(s\) written, 0 removed, 0 unchanged/,
    );
    for (const module of ['transactions/Order', 'tables/customer', 'views/svc_view_es_customer', 'index', 'catalog'])
      for (const ext of ['.js', '.d.ts']) expect(existsSync(join(out, `${module}${ext}`)), module + ext).toBe(true);
    expect(existsSync(join(out, 'runtime/query/query.js'))).toBe(true);
    expect(existsSync(join(out, 'runtime/query/query.d.ts'))).toBe(true);
    expect(existsSync(join(out, 'tables/bin.js'))).toBe(false);
    expect(existsSync(join(out, 'tables/customer.ts'))).toBe(false);
  });

  it('--emit ts writes TypeScript sources instead, and says so in package.json', () => {
    const { dir, out } = fresh();
    generateOk(dir, '--emit', 'ts');
    expect(existsSync(join(out, 'tables/customer.ts'))).toBe(true);
    expect(existsSync(join(out, 'runtime/query/query.ts'))).toBe(true);
    expect(existsSync(join(out, 'tables/customer.js'))).toBe(false);
    expect(existsSync(join(out, 'tables/customer.d.ts'))).toBe(false);
    const pkg = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8'));
    expect(pkg.erpgen.emit).toBe('ts');
    expect(pkg.exports['./tables/*']).toBe('./tables/*.ts');
    // switching forms replaces the files of the other form
    generateOk(dir);
    expect(existsSync(join(out, 'tables/customer.ts'))).toBe(false);
    expect(JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')).exports['./tables/*']).toEqual({
      types: './tables/*.d.ts',
      default: './tables/*.js',
    });
  });

  it('says why it leaves bin out', () => {
    const { dir } = fresh();
    const result = runCli(['generate', '--snapshot', 'schema', '--out', 'generated'], dir);
    expect(result.stderr).toMatch(
      /^erpgen: left out table bin: unreachable .* read inv_loc\.primary_bin or the bin_ud extension table$/m,
    );
  });

  it('is deterministic: two runs, from different folders, give the same bytes', () => {
    const a = fresh();
    const b = fresh();
    generateOk(a.dir);
    mkdirSync(join(b.dir, 'sub'));
    const result = runCli(
      ['generate', '--snapshot', '../schema', '--out', '../generated', '--quiet'],
      join(b.dir, 'sub'),
    );
    expect(result.code).toBe(0);
    expect(readTree(b.out)).toEqual(readTree(a.out));
    for (const content of readTree(a.out).values()) expect(content).not.toContain(work);
  });

  it('is incremental: a second run writes nothing and keeps every mtime', () => {
    const { dir, out } = fresh();
    generateOk(dir);
    // age every file so that a rewrite would show even within the file system's mtime resolution
    const old = new Date('2020-01-01T00:00:00Z');
    for (const path of mtimes(out).keys()) utimesSync(join(out, path), old, old);
    const outputTimes = () => new Map([...mtimes(out)].filter(([path]) => path !== '.erpgen-cache'));
    const before = outputTimes();
    const result = generateOk(dir);
    expect(result.stdout).toMatch(/ 0 file\(s\) written, 0 removed, \d+ unchanged/);
    expect(outputTimes()).toEqual(before);
    // the files' times changed, not their bytes: the record beside them (.erpgen-cache) now holds the new times,
    // so that the next run trusts them instead of hashing every file
    const recorded = readFileSync(join(out, '.erpgen-cache'), 'utf8');
    expect(recorded).toContain(` ${before.get('index.js')} `);
  });

  it('notices a file edited or removed by hand when nothing else changed: --check names it, generate restores it', () => {
    const { dir, out } = fresh();
    generateOk(dir);
    const pristine = readTree(out);
    writeFileSync(join(out, 'tables/terms.d.ts'), 'edited by hand\n');
    rmSync(join(out, 'views/svc_view_es_item.js'));
    const check = runCli(['generate', '--snapshot', 'schema', '--out', 'generated', '--check'], dir);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('changed  tables/terms.d.ts');
    expect(check.stderr).toContain('changed  views/svc_view_es_item.js');
    const result = generateOk(dir);
    expect(result.stdout).toMatch(/ 2 file\(s\) written, 0 removed,/);
    expect(readTree(out)).toEqual(pristine);
    // and a record that does not match its files is not trusted either: the run compares every file, and
    // records them again
    const cache = join(out, '.erpgen-cache');
    const entry = /^[0-9a-f]{64}( \S+ \S+ \S+ tables\/terms\.d\.ts)$/m;
    expect(readFileSync(cache, 'utf8')).toMatch(entry);
    writeFileSync(cache, readFileSync(cache, 'utf8').replace(entry, `${'0'.repeat(64)}$1`));
    expect(generateOk(dir).stdout).toMatch(/ 0 file\(s\) written, 0 removed,/);
    expect(readTree(out)).toEqual(pristine);
    expect(readFileSync(cache, 'utf8')).not.toContain('0'.repeat(64));
  });

  it('rewrites only what changed, and removes the files of objects that disappeared', () => {
    const { dir, out } = fresh();
    generateOk(dir);
    const old = new Date('2020-01-01T00:00:00Z');
    for (const path of mtimes(out).keys()) utimesSync(join(out, path), old, old);
    writeFileSync(join(out, 'tables/terms.d.ts'), 'edited by hand\n');
    const result = generateOk(dir, '--exclude', 'customer_terms');
    // terms.d.ts, catalog (.js, .d.ts), README, manifest; customer_terms (.js, .d.ts) removed; package.json's
    // exports name folders, not objects, so it stays
    expect(result.stdout).toMatch(/ 5 file\(s\) written, 2 removed,/);
    expect(existsSync(join(out, 'tables/customer_terms.js'))).toBe(false);
    expect(existsSync(join(out, 'tables/customer_terms.d.ts'))).toBe(false);
    expect(readFileSync(join(out, 'tables/terms.d.ts'), 'utf8')).toContain('export interface TermsRow');
    const changed = [...mtimes(out)]
      .filter(([, t]) => t !== old.getTime())
      .map(([p]) => p)
      .sort();
    expect(changed).toEqual([
      '.erpgen-cache',
      '.erpgen-files',
      'README.md',
      'catalog.d.ts',
      'catalog.js',
      'tables/terms.d.ts',
    ]);
  });

  it('is staged: a failing run leaves the previous output exactly as it was', () => {
    const { dir, snapshot, out } = fresh();
    generateOk(dir);
    const before = readTree(out);
    const times = mtimes(out);
    // the views document breaks after the tables were already emitted (and staged)
    const views = readFileSync(join(snapshot, 'views.metadata.json'), 'utf8');
    writeFileSync(join(snapshot, 'views.metadata.json'), views.replace('"Edm.Decimal"', '"Edm.Money"'));
    writeFileSync(
      join(snapshot, 'tables.metadata.json'),
      readFileSync(join(snapshot, 'tables.metadata.json'), 'utf8').replace('"customer_name"', '"customer_title"'),
    );
    const result = runCli(['generate', '--snapshot', 'schema', '--out', 'generated'], dir);
    expectUserError(
      { ...result, stderr: result.stderr.replace(/erpgen: left out table bin:.*\n/, '') },
      1,
      /^erpgen: schema\/views\.metadata\.json: column .* has unknown type "Edm\.Money" \(at byte \d+\)$/,
    );
    expect(readTree(out)).toEqual(before);
    expect(mtimes(out)).toEqual(times);
    // nor a staging folder, a journal or a lock beside it
    expect(readdirSync(dir).filter((f) => f.startsWith('.generated.erpgen-'))).toEqual([]);
  });

  it('--check exits 1 and lists what differs, writing nothing; 0 when fresh', () => {
    const { dir, out } = fresh();
    generateOk(dir);
    expect(runCli(['generate', '--snapshot', 'schema', '--out', 'generated', '--check'], dir)).toMatchObject({
      code: 0,
    });
    writeFileSync(join(out, 'tables/terms.js'), 'stale\n');
    rmSync(join(out, 'views/svc_view_es_item.d.ts'));
    const before = readTree(out);
    const result = runCli(
      ['generate', '--snapshot', 'schema', '--out', 'generated', '--check', '--exclude', 'customer_terms'],
      dir,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/generated is stale: \d+ files differ/);
    expect(result.stderr).toMatch(/^ {2}table terms +changed {2}tables\/terms\.js$/m);
    expect(result.stderr).toMatch(/^ {2}view svc_view_es_item +changed {2}views\/svc_view_es_item\.d\.ts$/m);
    expect(result.stderr).toMatch(
      /^ {2}table customer_terms +removed {2}tables\/customer_terms\.d\.ts, tables\/customer_terms\.js$/m,
    );
    expect(result.stderr).toContain(
      'Fix: npx erpgen generate --snapshot schema --out generated --exclude customer_terms',
    );
    expect(readTree(out)).toEqual(before);
  });

  it("--check writes nothing, not even the removal of a crashed run's staging folder", () => {
    const { dir } = fresh();
    generateOk(dir);
    // what a crashed run leaves beside the output: a staging folder named after a process that is gone
    const orphan = join(dir, '.generated.erpgen-staging-2147483646');
    mkdirSync(join(orphan, 'tables'), { recursive: true });
    writeFileSync(join(orphan, 'tables/terms.ts'), 'half written\n');
    const old = new Date('2020-01-01T00:00:00Z');
    for (const path of mtimes(dir).keys()) utimesSync(join(dir, path), old, old);
    const before = readTree(dir);
    const times = mtimes(dir);
    const listing = readdirSync(dir, { recursive: true }).sort();
    expect(runCli(['generate', '--snapshot', 'schema', '--out', 'generated', '--check'], dir).code).toBe(0);
    writeFileSync(join(dir, 'generated/tables/terms.js'), 'stale\n');
    utimesSync(join(dir, 'generated/tables/terms.js'), old, old);
    const stale = readTree(dir);
    expect(runCli(['generate', '--snapshot', 'schema', '--out', 'generated', '--check'], dir).code).toBe(1);
    expect(readTree(dir)).toEqual(stale);
    expect(readdirSync(dir, { recursive: true }).sort()).toEqual(listing);
    expect(mtimes(dir)).toEqual(times);
    expect(before.get('.generated.erpgen-staging-2147483646/tables/terms.ts')).toBe('half written\n');
    // a run that writes cleans it up
    generateOk(dir);
    expect(existsSync(orphan)).toBe(false);
  });

  it('takes include and exclude globs, from flags or from the config', () => {
    const { dir, out } = fresh();
    writeFileSync(
      join(dir, 'erpgen.config.json'),
      JSON.stringify({
        snapshot: 'schema',
        out: 'generated',
        include: ['customer*', 'svc_view_es_item*', 'a[*]/b'],
        exclude: ['customer_terms', 'customer_audit', 'customerAudit'],
      }),
    );
    expect(runCli(['generate', '--quiet'], dir).code).toBe(0);
    const modules = (folder: string) =>
      readdirSync(join(out, folder))
        .filter((f) => f.endsWith('.js'))
        .sort();
    expect(modules('tables')).toEqual([
      expect.stringMatching(/^a_b-[0-9a-f]{8}\.js$/),
      'customer.js',
      'customer_salesrep.js',
      'customer_ud.js',
    ]);
    expect(modules('views')).toEqual(['svc_view_es_item.js', 'svc_view_es_item_supplier.js']);
    expect(runCli(['generate', '--quiet', '--include', 'terms'], dir).code).toBe(0);
    expect(readdirSync(join(out, 'tables')).sort()).toEqual(['terms.d.ts', 'terms.js']);
    expect(existsSync(join(out, 'views'))).toBe(false);
  });

  it('an include pattern that selects nothing is an error naming it; an exclude one a notice naming it', () => {
    const { dir, out } = fresh();
    generateOk(dir, '--include', 'customer');
    const before = readTree(out);
    // a typo among good patterns: nothing is generated, the output stays as it was
    expectUserError(
      runCli(
        ['generate', '--snapshot', 'schema', '--out', 'generated', '--include', 'custmer', 'inv_*', 'nothing*'],
        dir,
      ),
      1,
      /^erpgen: include patterns "custmer" \(did you mean "customer"\?\), "nothing\*" match no table or view of the snapshot$/,
    );
    expectUserError(
      runCli(['generate', '--snapshot', 'schema', '--out', 'generated', '--include', 'inv_mast', 'Customer'], dir),
      1,
      /^erpgen: include pattern "Customer" \(did you mean "customer"\?\) matches no table or view of the snapshot$/,
    );
    expect(readTree(out)).toEqual(before);
    // from the config file alike
    writeFileSync(join(dir, 'erpgen.config.json'), JSON.stringify({ include: ['customer', 'a/b*'] }));
    expectUserError(runCli(['generate'], dir), 1, /^erpgen: include pattern "a\/b\*" matches no table or view/);
    // an exclude that matches nothing is said, and the run goes on
    const result = runCli(
      [
        'generate',
        '--snapshot',
        'schema',
        '--out',
        'generated',
        '--include',
        'customer*',
        '--exclude',
        'customer_ud',
        'zz*',
        'old_table',
      ],
      dir,
    );
    expect(result.code).toBe(0);
    expect(result.stderr.split('\n').filter((l) => l.includes('exclude'))).toEqual([
      'erpgen: exclude pattern "zz*" matches no table or view of the snapshot',
      'erpgen: exclude pattern "old_table" matches no table or view of the snapshot',
    ]);
    expect(existsSync(join(out, 'tables/customer_ud.js'))).toBe(false);
    expect(existsSync(join(out, 'tables/customer_salesrep.js'))).toBe(true);
  });

  it('refuses to write into a non-empty folder it did not make', () => {
    const { dir, out } = fresh();
    mkdirSync(out);
    writeFileSync(join(out, 'precious.txt'), 'mine');
    expectUserError(
      runCli(['generate', '--snapshot', 'schema', '--out', 'generated', '--quiet'], dir),
      1,
      /^erpgen: generated: the folder is not empty and was not made by erpgen/,
    );
    expect(readdirSync(out)).toEqual(['precious.txt']);
  });
});

describe('Ctrl-C', () => {
  it('in the first moments, before generate has begun: one line, exit 130, nothing written', async () => {
    const dir = join(work, 'interrupted-early');
    mkdirSync(dir);
    // the config file is a named pipe: the run waits in its first read of it (the no-op check, before the command
    // line is loaded) until the test writes it, so the Ctrl-C comes at a moment known to be that early
    const config = join(dir, 'erpgen.config.json');
    execFileSync('mkfifo', [config]);
    const text = JSON.stringify({ snapshot: SAMPLE_SNAPSHOT, out: 'out' });
    const child = spawn(process.execPath, [CLI, 'generate'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<[number | null, string | null]>((resolve) =>
      child.on('exit', (code, signal) => resolve([code, signal])),
    );
    let running = true;
    void exited.then(() => (running = false));
    // the first write opens once the run opens the pipe to read it
    await writeFile(config, text);
    child.kill('SIGINT');
    // each later read of the config (if the run gets that far) reads it whole
    const feeding = (async () => {
      while (running) await writeFile(config, text).catch(() => undefined);
    })();
    const [code, signal] = await exited;
    // a writer still waiting for a reader is let go
    closeSync(openSync(config, constants.O_RDONLY | constants.O_NONBLOCK));
    await feeding;
    expect({ code, signal }).toEqual({ code: 130, signal: null });
    expect(stderr).toMatch(/^erpgen: stopped( before it began)?: (out is as it was, )?nothing was written\n$/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('during generate of the stock tenant: removes its staging folder, says it stopped in one line, leaves the output byte for byte', async () => {
    const dir = join(work, 'interrupted');
    mkdirSync(dir);
    const snapshot = inject('stockTenant');
    const out = join(dir, 'out');
    expect(runCli(['generate', '--snapshot', snapshot, '--out', 'out', '--quiet'], dir).code).toBe(0);
    const before = readTree(out, () => false);
    // another form: every file differs, so the run stages thousands of them
    const child = spawn(process.execPath, [CLI, 'generate', '--snapshot', snapshot, '--out', 'out', '--emit', 'ts'], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let done = false;
    void exited.then(() => (done = true));
    // it has started once it stages files (its threads write into the staging folder's 0/ and 1/)
    const staging = join(dir, `.out.erpgen-staging-${child.pid}`);
    while (!done && !existsSync(join(staging, '0'))) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done, 'the run ended before it could be interrupted').toBe(false);
    expect(existsSync(staging)).toBe(true);
    child.kill('SIGINT');
    // the process ends: its file threads stopped too (a live thread would keep it running)
    expect(await exited).toBe(130);
    const lines = stderr.trim().split('\n');
    expect(lines.at(-1)).toBe('erpgen: stopped: out is as it was, nothing was written');
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(readdirSync(dir).filter((entry) => entry.includes('erpgen-staging'))).toEqual([]);
    expect(readTree(out, () => false)).toEqual(before);
  });
});

describe('bad input gives one readable line and exit 1', () => {
  const cases: Array<[string, (snapshot: string) => void, RegExp]> = [
    ['a missing snapshot folder', (s) => rmSync(s, { recursive: true }), /^erpgen: schema: snapshot folder not found/],
    [
      'a missing document',
      (s) => rmSync(join(s, 'views.metadata.json')),
      /^erpgen: schema\/views\.metadata\.json: missing from the snapshot/,
    ],
    [
      'truncated JSON',
      (s) =>
        writeFileSync(join(s, 'tables.metadata.json'), readFileSync(join(s, 'tables.metadata.json')).subarray(0, 5000)),
      /^erpgen: schema\/tables\.metadata\.json: invalid JSON: the document ends too early \(truncated\?\): .* \(at byte 5000\)$/,
    ],
    [
      'an XML document',
      (s) => writeFileSync(join(s, 'tables.metadata.json'), '<?xml version="1.0"?><edmx:Edmx/>'),
      /^erpgen: schema\/tables\.metadata\.json: is XML, not JSON CSDL/,
    ],
    [
      'an HTML 404 page',
      (s) => writeFileSync(join(s, 'views.metadata.json'), '<!DOCTYPE html><html><title>404</title></html>'),
      /^erpgen: schema\/views\.metadata\.json: is an HTML page/,
    ],
    [
      'an empty document',
      (s) => writeFileSync(join(s, 'tables.metadata.json'), ''),
      /^erpgen: schema\/tables\.metadata\.json: is empty/,
    ],
    [
      'a missing container',
      (s) => writeFileSync(join(s, 'tables.metadata.json'), '{"$Version":"4.0","dbo":{}}'),
      /^erpgen: schema\/tables\.metadata\.json: has no \$EntityContainer/,
    ],
    [
      'a $Type pointing nowhere',
      (s) =>
        writeFileSync(
          join(s, 'tables.metadata.json'),
          readFileSync(join(s, 'tables.metadata.json'), 'utf8').replace('"$Type":"dbo.terms"', '"$Type":"dbo.termz"'),
        ),
      /^erpgen: schema\/tables\.metadata\.json: entity set "terms" has \$Type "dbo\.termz", which names no entity type in the document \(at byte \d+\)$/,
    ],
    [
      'an unknown Edm type',
      (s) =>
        writeFileSync(
          join(s, 'tables.metadata.json'),
          readFileSync(join(s, 'tables.metadata.json'), 'utf8').replace('"Edm.Int32"', '"Edm.Integer"'),
        ),
      /^erpgen: schema\/tables\.metadata\.json: column ".*" of entity type dbo\..* has unknown type "Edm\.Integer" \(at byte \d+\)$/,
    ],
  ];
  for (const [what, damage, message] of cases) {
    it(what, () => {
      const { dir, snapshot } = fresh();
      damage(snapshot);
      expectUserError(runCli(['generate', '--snapshot', 'schema', '--out', 'generated', '--quiet'], dir), 1, message);
      expect(existsSync(join(dir, 'generated'))).toBe(false);
    });
  }
});

describe('transaction service definitions', () => {
  it('a listed service without a definition is left out with a notice', () => {
    const { dir, snapshot, out } = fresh();
    const list = JSON.parse(readFileSync(join(snapshot, 'services.json'), 'utf8')) as Array<{ Name: string }>;
    writeFileSync(join(snapshot, 'services.json'), JSON.stringify([...list, { Name: 'Unlicensed' }]));
    const result = runCli(['generate', '--snapshot', 'schema', '--out', 'generated'], dir);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'erpgen: left out service Unlicensed: listed in services.json but the snapshot has no definitions/Unlicensed.json',
    );
    expect(existsSync(join(out, 'transactions/Order.js'))).toBe(true);
  });

  it('a definition that does not fit: one line naming the file, service, element and field; the output is untouched', () => {
    const { dir, snapshot, out } = fresh();
    generateOk(dir);
    const before = readTree(out);
    const file = join(snapshot, 'definitions/PickZone.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"DataType": "Long"', '"DataType": "Integer"'));
    const result = runCli(['generate', '--snapshot', 'schema', '--out', 'generated', '--quiet'], dir);
    expectUserError(
      result,
      1,
      /^erpgen: schema\/definitions\/PickZone\.json: service PickZone, element "FORM\.form", field "zone_sequence", DataType: /,
    );
    expect(readTree(out)).toEqual(before);
  });

  it('an empty definition (the empty 500 of an unknown service, saved)', () => {
    const { dir, snapshot } = fresh();
    writeFileSync(join(snapshot, 'definitions/Labor.json'), '');
    expectUserError(
      runCli(['generate', '--snapshot', 'schema', '--out', 'generated', '--quiet'], dir),
      1,
      /^erpgen: schema\/definitions\/Labor\.json: is empty/,
    );
  });
});

describe('bad flags and config', () => {
  it('an unknown flag', () => {
    const { dir } = fresh();
    expectUserError(
      runCli(['generate', '--snapshots', 'schema'], dir),
      2,
      /^erpgen: --snapshots: no such flag of erpgen generate \(did you mean --snapshot\?\) \(see erpgen --help\)$/,
    );
  });

  it('a misspelt command, folder or config key names the one meant', () => {
    const { dir } = fresh();
    expectUserError(
      runCli(['gen'], dir),
      2,
      /^erpgen: erpgen gen: no such command \(did you mean erpgen generate\?\) \(see erpgen --help\)$/,
    );
    expectUserError(
      runCli(['generate', '--snapshot', 'shema', '--out', 'generated'], dir),
      1,
      /^erpgen: shema: snapshot folder not found \(did you mean schema\?\) /,
    );
    writeFileSync(
      join(dir, 'erpgen.config.json'),
      JSON.stringify({ snapshot: 'schema', packagename: '@acme/x', fetch: { baseURL: 'https://erp.example.com' } }),
    );
    expectUserError(
      runCli(['generate'], dir),
      1,
      /^erpgen: erpgen\.config\.json: fetch: unknown key "baseURL" \(did you mean "baseUrl"\?\); \(top level\): unknown key "packagename" \(did you mean "packageName"\?\)$/,
    );
  });

  it('a bad choice', () => {
    const { dir } = fresh();
    expectUserError(runCli(['generate', '--decimals', 'float'], dir), 2, /^erpgen: Invalid values:.*decimals.*float/);
  });

  it('no command: names every command', () => {
    const { dir } = fresh();
    expectUserError(
      runCli([], dir),
      2,
      /^erpgen: Give a command: erpgen generate, erpgen fetch, erpgen sandbox(, erpgen \w+)* \(see erpgen --help\)$/,
    );
    // every command --help lists is named
    const help = runCli(['--help'], dir).stdout;
    const listed = [...help.matchAll(/^\s+erpgen (\w+)/gm)].map((m) => m[1]);
    expect(listed.length).toBeGreaterThanOrEqual(3);
    for (const command of listed) expect(runCli([], dir).stderr).toContain(`erpgen ${command}`);
  });

  it('a config file that is not JSON', () => {
    const { dir } = fresh();
    writeFileSync(join(dir, 'erpgen.config.json'), '{ "snapshot": "schema", }');
    expectUserError(runCli(['generate'], dir), 1, /^erpgen: erpgen\.config\.json: invalid JSON: /);
  });

  it('a config file with wrong fields names each problem and where', () => {
    const { dir } = fresh();
    writeFileSync(
      join(dir, 'erpgen.config.json'),
      JSON.stringify({
        include: ['x', 3],
        decimals: 'float',
        colour: 'red',
        knownValues: [{ name: 'lower', columns: [], values: { A: 1, B: 'b' } }],
      }),
    );
    const result = runCli(['generate'], dir);
    expectUserError(result, 1, /^erpgen: erpgen\.config\.json: /);
    expect(result.stderr).toContain('include[1]: ');
    expect(result.stderr).toContain('decimals: ');
    expect(result.stderr).toContain('colour');
    expect(result.stderr).toContain('knownValues[0].name: must be a capitalised TypeScript identifier');
    expect(result.stderr).toContain('knownValues[0].columns: must list at least one');
    expect(result.stderr).toContain('knownValues[0].values: must be all strings or all numbers');
  });

  it('a --config that does not exist', () => {
    const { dir } = fresh();
    expectUserError(
      runCli(['generate', '--config', 'nope.json'], dir),
      1,
      /^erpgen: nope\.json: config file not found$/,
    );
  });

  it("--version prints the version of erpgen's package.json, which the generated package records too", () => {
    const { dir } = fresh();
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const args of [['--version'], ['generate', '--version']]) {
      const result = runCli(args, dir);
      expect(result).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
    }
    generateOk(dir, '--quiet');
    const generated = JSON.parse(readFileSync(join(dir, 'generated/package.json'), 'utf8')) as {
      erpgen: { version: string };
    };
    expect(generated.erpgen.version).toBe(version);
    expect(readFileSync(join(dir, 'generated/README.md'), 'utf8')).toContain(`Generated by erpgen ${version}.`);
  });

  it('--help', () => {
    const { dir } = fresh();
    const result = runCli(['generate', '--help'], dir);
    expect(result.code).toBe(0);
    for (const flag of ['--config', '--snapshot', '--out', '--include', '--exclude', '--check', '--decimals'])
      expect(result.stdout).toContain(flag);
  });
});
