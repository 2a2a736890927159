// `erpgen generate --check` explains a stale package, through the CLI as a process: why (a changed snapshot,
// another erpgen, other settings, a hand edit), with and without the `.erpgen-cache` a fresh clone lacks; what
// differs by table, view and service; the first changed lines; the command that fixes it; and `--format json`.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../support/cli.js';
import { ROOT, SAMPLE_SNAPSHOT } from '../support/paths.js';
import { readTree } from '../support/tree.js';

const work = tempDir('erpgen-check-');
let cases = 0;

/** A repository with the sample snapshot, erpgen.config.json and the package generated from them. */
function repository(): string {
  const dir = join(work, `case${cases++}`);
  mkdirSync(dir);
  cpSync(SAMPLE_SNAPSHOT, join(dir, 'schema'), { recursive: true });
  cpSync(join(ROOT, 'erpgen.config.json'), join(dir, 'erpgen.config.json'));
  const result = runCli(['generate', '--quiet'], dir);
  expect(result.code).toBe(0);
  return dir;
}

function check(dir: string, ...args: string[]) {
  const result = runCli(['generate', '--check', ...args], dir);
  // the notice about `bin` is not the report
  return { ...result, stderr: result.stderr.replace(/^erpgen: left out table bin:.*\n/m, '') };
}

/** the lines of the report from `Why:` to `What differs:` */
function why(stderr: string): string[] {
  return stderr.slice(stderr.indexOf('Why: '), stderr.indexOf('What differs:')).trimEnd().split('\n');
}

function freshClone(dir: string): void {
  rmSync(join(dir, 'generated/.erpgen-cache'));
}

function editSnapshot(dir: string): void {
  const file = join(dir, 'schema/tables.metadata.json');
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace(
      '"po_no":{"$Nullable":true,"$MaxLength":50}',
      '"po_no":{"$Nullable":true,"$MaxLength":40}',
    ),
  );
}

describe('erpgen generate --check', () => {
  it('says in one line that the package is up to date; in JSON too', () => {
    const dir = repository();
    const result = check(dir);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^generated is up to date \(\d+ objects, 12 services, [\d.]+ s\)\n$/);
    const json = check(dir, '--format', 'json');
    expect(JSON.parse(json.stdout)).toEqual({ upToDate: true, out: 'generated', objects: 63, services: 12 });
  });

  it('a changed snapshot: why, what differs by object, the first changed lines, the fix; nothing written', () => {
    const dir = repository();
    editSnapshot(dir);
    const before = readTree(join(dir, 'generated'));
    const result = check(dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.split('\n');
    expect(lines[0]).toBe('erpgen: generated is stale: 6 files differ from what `erpgen generate` would write');
    expect(why(result.stderr)).toEqual(['Why: the snapshot changed since generated was written: tables.metadata.json']);
    expect(result.stderr).toContain(
      [
        'What differs:',
        // the descriptor's facets carry the length, and the snapshot's digest is the package's provenance
        '  table oe_hdr   changed  tables/oe_hdr.d.ts, tables/oe_hdr.js',
        '  service Order  changed  transactions/Order.d.ts, transactions/Order.js',
        '  package files  changed  README.md, provenance.js',
      ].join('\n'),
    );
    expect(result.stderr).toContain(
      [
        '  generated/tables/oe_hdr.js',
        '    @@ -228,4 +228,4 @@',
        '       },',
        '       facets:',
        "    -    '!8,,,255,40,!10,!255,!10,!255,1,,50,",
      ].join('\n'),
    );
    expect(lines.at(-2)).toBe('Fix: npx erpgen generate, then commit generated');
    expect(readTree(join(dir, 'generated'))).toEqual(before);
  });

  it('a changed snapshot in a fresh clone (no .erpgen-cache): the digests README.md recorded tell it', () => {
    const dir = repository();
    freshClone(dir);
    editSnapshot(dir);
    rmSync(join(dir, 'schema/definitions/PickZone.json'));
    const result = check(dir);
    expect(result.code).toBe(1);
    expect(why(result.stderr)).toEqual([
      'Why: the snapshot changed since generated was written: definitions/, tables.metadata.json',
    ]);
    expect(result.stderr).toMatch(
      /^ {2}service PickZone +removed {2}transactions\/PickZone\.d\.ts, transactions\/PickZone\.js$/m,
    );
  });

  it('another erpgen: the version the package records, or another build of the same version', () => {
    const dir = repository();
    const cache = join(dir, 'generated/.erpgen-cache');
    const recorded = readFileSync(cache, 'utf8');
    // the previous run's erpgen, as the cache records it: another version
    writeFileSync(cache, recorded.replace(/^part erpgen \S+ /m, 'part erpgen 0.0.9 '));
    writeFileSync(join(dir, 'generated/README.md'), `${readFileSync(join(dir, 'generated/README.md'), 'utf8')}\n`);
    expect(why(check(dir).stderr)).toContain('Why: erpgen 0.0.9 wrote generated; this is erpgen 0.1.0');
    // the same version, other code
    writeFileSync(cache, recorded.replace(/^(part erpgen \S+ )[0-9a-f]{64}$/m, `$1${'0'.repeat(64)}`));
    expect(why(check(dir).stderr)[0]).toBe(
      'Why: another erpgen build wrote generated (the same version, 0.1.0, with other code)',
    );
    // a fresh clone: package.json says which erpgen wrote it
    freshClone(dir);
    const pkg = join(dir, 'generated/package.json');
    writeFileSync(pkg, readFileSync(pkg, 'utf8').replace('"version": "0.1.0"', '"version": "0.0.9"'));
    const result = check(dir);
    expect(why(result.stderr)).toEqual(['Why: erpgen 0.0.9 wrote generated; this is erpgen 0.1.0']);
    expect(result.stderr).toContain('    -    "version": "0.0.9",\n    +    "version": "0.1.0",');
  });

  it('a hand edit: the file whose bytes are not those erpgen wrote, and what was changed in it', () => {
    const dir = repository();
    const file = join(dir, 'generated/tables/terms.d.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('readonly terms_id: string;', 'readonly terms_id: number;'));
    const result = check(dir);
    expect(result.code).toBe(1);
    expect(why(result.stderr)).toEqual(['Why: edited by hand since erpgen wrote it: tables/terms.d.ts']);
    expect(result.stderr).toMatch(/^ {4}- {2}readonly terms_id: number;\n {4}\+ {2}readonly terms_id: string;$/m);
    // without the cache, nothing else explains it
    freshClone(dir);
    expect(why(check(dir).stderr)).toEqual([
      'Why: neither the snapshot nor the erpgen version changed, so most likely a hand edit (without .erpgen-cache, which a fresh clone lacks, erpgen cannot tell more)',
    ]);
  });

  it('other settings: the last run had other flags, or the package another emit form; the fix repeats the flags', () => {
    const dir = repository();
    const result = check(dir, '--exclude', 'terms');
    expect(why(result.stderr)).toEqual([
      'Why: other settings: erpgen.config.json or the flags given differ from the last run',
    ]);
    expect(result.stderr).toMatch(/^ {2}table terms +removed {2}tables\/terms\.d\.ts, tables\/terms\.js$/m);
    expect(result.stderr).toContain('Fix: npx erpgen generate --exclude terms, then commit generated');
    freshClone(dir);
    expect(why(check(dir, '--emit', 'ts').stderr)).toEqual([
      'Why: other settings: "emit" is ts; the package was written with js',
    ]);
  });

  it('--format json: the same report for tools, one line on standard output; its first line the error on standard error', () => {
    const dir = repository();
    editSnapshot(dir);
    const result = check(dir, '--format', 'json');
    expect(result.code).toBe(1);
    // notices and errors are JSON lines (test/cli/diagnostics.test.ts): the error is the report's first line
    const said = result.stderr
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: string });
    expect(said.filter((d) => d.level === 'error')).toEqual([
      {
        code: 'ERPGEN_CHECK_STALE',
        level: 'error',
        message: 'generated is stale: 6 files differ from what `erpgen generate` would write',
        where: { file: 'generated' },
      },
    ]);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({
      upToDate: false,
      out: 'generated',
      changed: [
        'README.md',
        'provenance.js',
        'tables/oe_hdr.d.ts',
        'tables/oe_hdr.js',
        'transactions/Order.d.ts',
        'transactions/Order.js',
      ],
      removed: [],
      causes: [{ kind: 'snapshot', files: ['tables.metadata.json'] }],
      groups: [
        { what: 'table oe_hdr', changed: ['tables/oe_hdr.d.ts', 'tables/oe_hdr.js'], removed: [] },
        { what: 'service Order', changed: ['transactions/Order.d.ts', 'transactions/Order.js'], removed: [] },
        { what: 'package files', changed: ['README.md', 'provenance.js'], removed: [] },
      ],
      fix: 'npx erpgen generate',
    });
    // one of each group first: the table, the service, the package's own files
    expect(json.samples.map((s: { file: string }) => s.file)).toEqual([
      'tables/oe_hdr.js',
      'transactions/Order.js',
      'provenance.js',
    ]);
    // po_no's MaxLength, 50 -> 40, in the descriptor's facets
    expect(json.samples[0].diff.join('\n')).toContain("+    '!8,,,255,40,!10,!255,!10,!255,1,,40,");
  });

  it('a folder erpgen has not written, or never wrote, is said so (not a hand edit); nothing written', () => {
    const dir = repository();
    rmSync(join(dir, 'generated'), { recursive: true });
    const missing = check(dir);
    expect(missing.code).toBe(1);
    const lines = missing.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^erpgen: generated is missing: `erpgen generate` would write \d+ files there$/);
    expect(why(missing.stderr)).toEqual([
      'Why: generated does not exist or is empty: erpgen has not written the package there (is it the folder --out or "out" in erpgen.config.json names?)',
    ]);
    expect(missing.stderr).not.toContain('First changes:');
    expect(lines.at(-1)).toBe('Fix: npx erpgen generate, then commit generated');
    expect(JSON.parse(check(dir, '--format', 'json').stdout).causes).toEqual([{ kind: 'missing' }]);
    expect(readTree(dir).has('generated/README.md')).toBe(false);

    // a folder of the team's own
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/index.ts'), 'export {};\n');
    const other = check(dir, '--out', 'src');
    expect(other.code).toBe(1);
    const otherLines = other.stderr.trimEnd().split('\n');
    expect(otherLines[0]).toMatch(
      /^erpgen: src is not a package erpgen wrote: `erpgen generate` would write \d+ files there$/,
    );
    expect(why(other.stderr)).toEqual([
      'Why: src holds files, but none erpgen wrote (it has no .erpgen-files): it is not a generated package',
    ]);
    expect(otherLines.at(-1)).toBe(
      'Fix: name the generated package\'s folder (--out, or "out" in erpgen.config.json); to generate into src, empty it and run npx erpgen generate --out src',
    );
    expect(readdirSync(join(dir, 'src'))).toEqual(['index.ts']);
  });
});
