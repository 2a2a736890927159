// erpgen installed into a team's project, as docs/install.md says: from a tarball made by
// `npm pack` and from a git URL, into a project with none of erpgen's dev tools; then `npx erpgen`.
//
// Offline, always: every npm command here runs with `--offline`, so a missing package fails at once
// (ENOTCACHED) instead of reaching the internet. That works because CI runs `npm ci` before `npm test`, which
// puts every tarball erpgen needs, runtime and dev, in npm's cache. What `npm ci` does not cache are the full
// registry documents that `npm install` reads to pick versions for a project without a lockfile; so the team
// project gets a lockfile with erpgen's dependencies at the versions of erpgen's own lockfile, as a team's
// repository has after its first install.
//
// What npm does with a git dependency (docs/install.md says why it is slower): it clones the
// repository, and because erpgen has a `prepare` script it runs `npm install` with erpgen's devDependencies
// in that clone (offline too: npm passes the flag on), then `prepare` (the build), then packs the clone as
// `npm pack` would (the `files` of package.json) and installs that. The dev install is the slow part; it
// takes everything from the cache (no devDependency builds native code).
//
// Both installs are then used from the team's own code too, through the programmatic API (`import { generate }
// from 'erpgen'`): a TypeScript program type-checked by both compilers against the installed declarations, then
// run with node. The tarball's install also runs the test kit as a team would: a package generated from the sample
// snapshot that ships inside erpgen, and docs/testing.md's test of it run with `node --test` (useTheTestKit).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import picomatch from 'picomatch';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/cli.js';
import { nodeProjectTsconfig, ts6, tsc7 } from '../support/compilers.js';
import { ROOT } from '../support/paths.js';
import { runKitTest, writeKitProject } from '../support/doc-blocks.js';
import { readTree } from '../support/tree.js';

interface Package {
  readonly name: string;
  readonly version: string;
  readonly license: string;
  readonly dependencies: Record<string, string>;
  readonly devDependencies: Record<string, string>;
  readonly bin: Record<string, string>;
  readonly engines: Record<string, string>;
}
interface LockEntry {
  readonly dev?: boolean;
  readonly link?: boolean;
}

const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;
const erpgen = readJson<Package>(join(ROOT, 'package.json'));
const work = tempDir('erpgen-install-');

/**
 * The environment of the npm and git processes: this one's, without what `npm test` adds for its own run
 * (npm_package_*, npm_lifecycle_*, npm_config_local_prefix, ... would point npm at erpgen's folder). The
 * configuration files and the cache stay those of the `npm ci` that filled it.
 */
function environment(): NodeJS.ProcessEnv {
  const keep = new Set(['npm_config_cache', 'npm_config_userconfig', 'npm_config_globalconfig', 'npm_config_registry']);
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^npm_/i.test(key) || keep.has(key.toLowerCase())) env[key] = value;
  delete env['INIT_CWD'];
  env['NO_COLOR'] = '1';
  return env;
}

/** Runs a command to its end (without blocking: the mirror below answers meanwhile); fails unless it exits 0. */
function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ stdout: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...environment(), ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout, seconds: (performance.now() - started) / 1000 });
      else reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${code}:\n${stdout}\n${stderr}`));
    });
  });
}

/** erpgen's sources as a clone holds them: everything but .git and what .gitignore leaves out (node_modules, dist). */
function copySources(to: string): void {
  const patterns = readFileSync(join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/^\/|\/$/g, ''))
    .filter((line) => line !== '' && !line.startsWith('#'));
  const ignored = picomatch(patterns, { dot: true });
  cpSync(ROOT, to, {
    recursive: true,
    filter: (path) => {
      const rel = relative(ROOT, path);
      return rel === '' || (basename(path) !== '.git' && !ignored(basename(path)) && !ignored(rel));
    },
  });
}

/**
 * The team's project: its package.json depends on erpgen by `spec`; its lockfile holds erpgen (from
 * `resolved`) and erpgen's runtime dependencies as erpgen's lockfile pins them (see the top of the file).
 */
function teamProject(name: string, spec: string, resolved: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'team-app', version: '1.0.0', private: true, devDependencies: { erpgen: spec } }, null, 2),
  );
  const lock = readJson<{ packages: Record<string, LockEntry> }>(join(ROOT, 'package-lock.json'));
  const packages: Record<string, object> = {
    '': { name: 'team-app', version: '1.0.0', devDependencies: { erpgen: spec } },
    'node_modules/erpgen': {
      version: erpgen.version,
      resolved,
      dev: true,
      license: erpgen.license,
      dependencies: erpgen.dependencies,
      bin: erpgen.bin,
      engines: erpgen.engines,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages))
    if (path.startsWith('node_modules/') && !entry.dev && !entry.link) packages[path] = { ...entry, dev: true };
  writeFileSync(
    join(dir, 'package-lock.json'),
    JSON.stringify({ name: 'team-app', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2),
  );
  // what the team generates from: the sample snapshot and config of this repository
  cpSync(join(ROOT, 'schema'), join(dir, 'schema'), { recursive: true });
  cpSync(join(ROOT, 'erpgen.config.json'), join(dir, 'erpgen.config.json'));
  return dir;
}

/**
 * The team's program using erpgen as a library: every command as a function, the errors it can name as values,
 * the sandbox from `erpgen/sandbox`. What it prints is checked by `useTheApi`; its `@ts-expect-error` lines are
 * checked by the compilers (a line that is not an error is one).
 */
const API_PROGRAM = `
import { writeFileSync } from 'node:fs';
import { diff, fetchSnapshot, generate, startSandbox, UserError, version, type GenerateReport } from 'erpgen';
import { startSandbox as startOwnSandbox, type Sandbox } from 'erpgen/sandbox';

/** what a call that must fail rejected with */
async function refusal(call: () => Promise<unknown>): Promise<{ exitCode: number; message: string }> {
  try {
    await call();
  } catch (error) {
    if (error instanceof UserError) return { exitCode: error.exitCode, message: error.message };
    throw error;
  }
  throw new Error('the call succeeded');
}

const counts = (r: GenerateReport) => ({ objects: r.objects, services: r.services, written: r.changed.length, upToDate: r.upToDate });
const notices: string[] = [];
const first = await generate({ out: 'from-api', onNotice: (line) => notices.push(line) });
const again = await generate({ out: 'from-api', check: true });
writeFileSync('from-api/README.md', 'edited by hand\\n');
const stale = await generate({ out: 'from-api', check: true });
const restored = await generate({ out: 'from-api' });

const emit: string = 'py';
const badChoice = await refusal(() => generate({ emit: emit as 'js' }));
const noSnapshot = await refusal(() => generate({ snapshot: 'no-such-folder', out: 'never' }));
const badTimeout = await refusal(() => fetchSnapshot({ baseUrl: 'http://127.0.0.1:9', timeout: -1 }));

const same = await diff({ old: 'schema', new: 'schema', failOn: 'any' });

const password = 'api-test-password';
const sandbox: Sandbox = await startOwnSandbox({ snapshot: 'schema', credentials: { users: { api_user: password } } });
let fetched;
try {
  fetched = await fetchSnapshot({ baseUrl: sandbox.url, out: 'fetched', signIn: { username: 'api_user', password } });
} finally {
  await sandbox.close();
}
const lazy = await startSandbox({ snapshot: 'schema' });
await lazy.close();

// the options are the command's, typed; what only a terminal has is not one of them (checked, never run)
export function typeChecks(): void {
  // @ts-expect-error: not a form
  void generate({ emit: 'py' });
  // @ts-expect-error: --quiet is the terminal's
  void generate({ quiet: true });
  // @ts-expect-error: the old snapshot must be given
  void diff({});
  // @ts-expect-error: secrets are never options
  void fetchSnapshot({ password });
  // @ts-expect-error: a count is a number
  const wrong: string = first.objects;
  void wrong;
}

console.log(
  JSON.stringify({
    version,
    first: counts(first),
    notices,
    again: counts(again),
    stale: { upToDate: stale.upToDate, changed: stale.changed, fix: stale.stale?.fix, why: stale.stale?.causes.map((c) => c.kind) },
    restored: counts(restored),
    badChoice,
    noSnapshot,
    badTimeout,
    same: { changes: same.diff.changes.length, failed: same.failed, report: same.report },
    fetched: { out: fetched.out, tables: fetched.manifest.documents.table.kept, services: fetched.manifest.services.fetched.length },
  }),
);
`;

/** Uses the installed erpgen from the team's TypeScript code (API_PROGRAM). */
async function useTheApi(dir: string): Promise<void> {
  // .mts: an ES module in a package.json without "type" (top-level await, and erpgen is ESM)
  writeFileSync(join(dir, 'api.mts'), API_PROGRAM);
  const tsconfig = join(dir, 'tsconfig.json');
  // a strict project as a team has it: skipLibCheck is off (its default), so the declarations erpgen ships are
  // checked too, and must not need a type package the project does not have (such as yargs')
  writeFileSync(
    tsconfig,
    nodeProjectTsconfig({ files: ['api.mts'] }, { moduleResolution: 'NodeNext', skipLibCheck: false }),
  );
  expect(ts6(tsconfig)).toBe('');
  // TypeScript 7 checks it too, and emits what node runs
  expect(tsc7(tsconfig)).toBe('');
  const printed = JSON.parse((await run(process.execPath, ['build/api.mjs'], dir)).stdout) as Record<string, unknown>;
  // what generated/ holds: a .js and a .d.ts per table, view and service, and every file of the package
  const count = (folder: string) => readdirSync(join(ROOT, 'generated', folder)).length / 2;
  const [objects, services] = [count('tables') + count('views'), count('transactions')];
  const files = readTree(join(ROOT, 'generated')).size; // the manifest (.erpgen-files) among them
  expect(printed).toEqual({
    version: erpgen.version,
    first: { objects, services, written: files, upToDate: true },
    notices: [expect.stringMatching(/^left out table bin: /)],
    again: { objects, services, written: 0, upToDate: true },
    stale: { upToDate: false, changed: ['README.md'], fix: 'npx erpgen generate --out from-api', why: ['hand-edit'] },
    restored: { objects, services, written: 1, upToDate: true },
    badChoice: { exitCode: 2, message: '--emit py: expected js or ts' },
    noSnapshot: {
      exitCode: 1,
      message: 'no-such-folder: snapshot folder not found (give --snapshot, or set "snapshot" in erpgen.config.json)',
    },
    badTimeout: { exitCode: 2, message: '--timeout -1: give a number of seconds' },
    same: {
      changes: 0,
      failed: false,
      report: 'erpgen diff: schema -> schema (server build 26.1.5940.0): no changes\n',
    },
    fetched: { out: 'fetched', tables: expect.any(Number), services: expect.any(Number) },
  });
  // the API wrote what the CLI writes
  expect(readTree(join(dir, 'from-api'))).toEqual(readTree(join(ROOT, 'generated')));
}

/**
 * The test kit in the team's project: its package generated from the sample snapshot shipped inside erpgen, linked
 * into node_modules as npm links a `file:` dependency, and docs/testing.md's test (test/support/doc-blocks.ts)
 * compiled and run with `node --test` against `erpgen/sandbox` as installed.
 */
async function useTheTestKit(dir: string): Promise<void> {
  const shipped = 'node_modules/erpgen/schema';
  await run('npx', ['--offline', 'erpgen', 'generate', '--snapshot', shipped, '--out', 'kit-package', '--quiet'], dir);
  // the sample that ships is this repository's: the same package comes of it
  expect(readTree(join(dir, 'kit-package'))).toEqual(readTree(join(ROOT, 'generated')));
  mkdirSync(join(dir, 'node_modules', '@acme'));
  symlinkSync(join(dir, 'kit-package'), join(dir, 'node_modules', '@acme', 'erp-schema'), 'dir');
  expect(tsc7(writeKitProject(dir))).toBe('');
  const { code, report } = runKitTest(dir);
  expect(report).toMatch(/^# pass 3$/m);
  expect([code, report]).toEqual([0, expect.stringMatching(/^# fail 0$/m)]);
}

/**
 * Installs, then uses erpgen as docs/install.md says; returns the install's wall time in seconds. `sameAs`: an install
 * of erpgen this one must equal file for file; then the programmatic API is not used again through it.
 */
async function installAndUse(dir: string, sameAs?: string): Promise<number> {
  const install = await run('npm', ['install', '--offline', '--no-audit', '--no-fund'], dir);
  // the project got erpgen and its runtime dependencies, none of erpgen's dev tools
  expect(existsSync(join(dir, 'node_modules/erpgen/dist/cli/bin.js'))).toBe(true);
  for (const dev of Object.keys(erpgen.devDependencies)) expect(existsSync(join(dir, 'node_modules', dev))).toBe(false);

  expect((await run('npx', ['--offline', 'erpgen', '--version'], dir)).stdout).toBe(`${erpgen.version}\n`);
  await run('npx', ['--offline', 'erpgen', 'generate', '--quiet'], dir);
  // the installed erpgen writes exactly what this checkout's erpgen wrote into generated/
  expect(readTree(join(dir, 'generated'))).toEqual(readTree(join(ROOT, 'generated')));
  await run('npx', ['--offline', 'erpgen', 'generate', '--check', '--quiet'], dir);
  if (sameAs !== undefined && existsSync(sameAs))
    expect(readTree(join(dir, 'node_modules/erpgen'))).toEqual(readTree(sameAs));
  else await useTheApi(dir);
  return install.seconds;
}

describe('a team installs erpgen into its own project', () => {
  // One copy of the sources: a git repository of them (committed before anything is built in it), and the
  // checkout `npm pack` runs in, with erpgen's installed dev dependencies beside it as a maintainer has them.
  // A new repository rather than a clone of this one: what is under test is the working tree, not the last
  // commit, and CI tests a copy of the checkout that has no .git.
  const source = join(work, 'erpgen');
  let commit = '';
  beforeAll(async () => {
    copySources(source);
    const identity = [
      '-c',
      'user.name=erpgen test',
      '-c',
      'user.email=test@erpgen.invalid',
      '-c',
      'commit.gpgsign=false',
    ];
    const git = async (...args: string[]) => (await run('git', [...identity, ...args], source)).stdout;
    await git('init', '--quiet', '--initial-branch=main');
    await git('add', '--all');
    await git('commit', '--quiet', '--message', 'erpgen sources');
    commit = (await git('rev-parse', 'HEAD')).trim();
  });

  it('from a tarball made by npm pack', async () => {
    symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'), 'dir');
    // npm pack runs `prepare` (the build) in the checkout, then packs the `files` of package.json
    const { stdout } = await run('npm', ['pack', '--json', '--offline', '--pack-destination', work], source);
    const [packed] = JSON.parse(stdout.slice(stdout.search(/^\[/m))) as Array<{
      filename: string;
      files: Array<{ path: string }>;
    }>;
    const files = packed!.files.map((f) => f.path);
    expect(files).toContain('dist/cli/bin.js');
    expect(files).toContain('dist/generator/index.js');
    expect(files.some((f) => f.startsWith('templates/runtime/'))).toBe(true);
    expect(files.filter((f) => /^(test|generator|generated|node_modules)\//.test(f))).toEqual([]);
    // the sample snapshot, whole: what `startSandbox()` and `erpgen sandbox --sample` serve
    expect(files.filter((f) => f.startsWith('schema/')).sort()).toEqual(
      [...readTree(join(ROOT, 'schema')).keys()].map((f) => `schema/${f}`).sort(),
    );

    // the client's pages, which the generated package's README links to in node_modules/erpgen/docs/
    expect(files.filter((f) => f.startsWith('docs/')).sort()).toEqual(
      [...readTree(join(ROOT, 'docs')).keys()].map((f) => `docs/${f}`).sort(),
    );
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/queries.md']));

    const tarball = packed!.filename;
    const dir = teamProject('from-tarball', `file:${tarball}`, `file:${tarball}`);
    cpSync(join(work, tarball), join(dir, tarball));
    const seconds = await installAndUse(dir);
    console.log(`erpgen install from a tarball: ${seconds.toFixed(1)} s`);
    await useTheTestKit(dir);
  });

  it('from a git URL', async () => {
    const url = `git+file://${source}`;
    const dir = teamProject('from-git', url, `${url}#${commit}`);
    // npm builds and packs the checkout as `npm pack` does: the same files as the tarball's install (the test
    // before this one), which used them through the programmatic API already
    const seconds = await installAndUse(dir, join(work, 'from-tarball', 'node_modules', 'erpgen'));
    console.log(`erpgen install from a git URL: ${seconds.toFixed(1)} s`);
  });
});
