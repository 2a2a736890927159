// erpgen installed into a team's project, as the README's first section says: from a tarball made by
// `npm pack` and from a git URL, into a project with none of erpgen's dev tools; then `npx erpgen`.
//
// Offline, always: every npm command here runs with `--offline`, so a missing package fails at once
// (ENOTCACHED) instead of reaching the internet. That works because CI runs `npm ci` before `npm test`, which
// puts every tarball erpgen needs, runtime and dev, in npm's cache. What `npm ci` does not cache are the full
// registry documents that `npm install` reads to pick versions for a project without a lockfile; so the team
// project gets a lockfile with erpgen's dependencies at the versions of erpgen's own lockfile, as a team's
// repository has after its first install.
//
// What npm does with a git dependency (the README's first section gives the measured times): it clones the
// repository, and because erpgen has a `prepare` script it runs `npm install` with erpgen's devDependencies
// in that clone (offline too: npm passes the flag on), then `prepare` (the build), then packs the clone as
// `npm pack` would (the `files` of package.json) and installs that. The dev install is the slow part; it
// takes everything from the cache (no devDependency builds native code).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import picomatch from 'picomatch';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/cli.js';
import { ROOT } from './support/paths.js';
import { readTree } from './support/tree.js';

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

/** Installs, then uses erpgen as the README says; returns the install's wall time in seconds. */
async function installAndUse(dir: string): Promise<number> {
  const install = await run('npm', ['install', '--offline', '--no-audit', '--no-fund'], dir);
  // the project got erpgen and its runtime dependencies, none of erpgen's dev tools
  expect(existsSync(join(dir, 'node_modules/erpgen/dist/generator/bin.js'))).toBe(true);
  for (const dev of Object.keys(erpgen.devDependencies)) expect(existsSync(join(dir, 'node_modules', dev))).toBe(false);

  expect((await run('npx', ['--offline', 'erpgen', '--version'], dir)).stdout).toBe(`${erpgen.version}\n`);
  await run('npx', ['--offline', 'erpgen', 'generate', '--quiet'], dir);
  // the installed erpgen writes exactly what this checkout's erpgen wrote into generated/
  expect(readTree(join(dir, 'generated'))).toEqual(readTree(join(ROOT, 'generated')));
  await run('npx', ['--offline', 'erpgen', 'generate', '--check', '--quiet'], dir);
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

  it('from a tarball made by npm pack', { timeout: 300_000 }, async () => {
    symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'), 'dir');
    // npm pack runs `prepare` (the build) in the checkout, then packs the `files` of package.json
    const { stdout } = await run('npm', ['pack', '--json', '--offline', '--pack-destination', work], source);
    const [packed] = JSON.parse(stdout.slice(stdout.search(/^\[/m))) as Array<{
      filename: string;
      files: Array<{ path: string }>;
    }>;
    const files = packed!.files.map((f) => f.path);
    expect(files).toContain('dist/generator/bin.js');
    expect(files.some((f) => f.startsWith('templates/runtime/'))).toBe(true);
    expect(files.filter((f) => /^(test|generator|schema|generated|node_modules)\//.test(f))).toEqual([]);

    const tarball = packed!.filename;
    const dir = teamProject('from-tarball', `file:${tarball}`, `file:${tarball}`);
    cpSync(join(work, tarball), join(dir, tarball));
    const seconds = await installAndUse(dir);
    console.log(`erpgen install from a tarball: ${seconds.toFixed(1)} s`);
  });

  it('from a git URL', { timeout: 900_000 }, async () => {
    const url = `git+file://${source}`;
    const dir = teamProject('from-git', url, `${url}#${commit}`);
    const seconds = await installAndUse(dir);
    console.log(`erpgen install from a git URL: ${seconds.toFixed(1)} s`);
  });
});
