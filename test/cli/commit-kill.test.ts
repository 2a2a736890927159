// A crash never leaves a package that claims to be whole: `erpgen generate` killed (SIGKILL) at random moments of
// its commit over a previous package. The previous package is the sample as `.js` and `.d.ts`, the new one the
// sample, less some tables, as `.ts` sources: every file differs and every old one goes, so the commit is as big
// as the package. After each kill the folder holds the old package or the new one, or the journal of the commit,
// which `--check` reports (with either's inputs) and the next run finishes; after the next run the folder is that
// run's package whole, and `--check` agrees with it.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../support/cli.js';
import { CLI, SAMPLE_SNAPSHOT } from '../support/paths.js';
import { PROPERTY_SEED } from '../support/property-seed.js';
import { readTree } from '../support/tree.js';
import { prng } from '../tenant/random.js';

const KILLS = 5;
const work = tempDir('erpgen-kill-');

/** the old package's inputs and the new one's, as command-line words */
const OLD = ['--snapshot', 'old', '--emit', 'js'];
const NEW = ['--snapshot', 'new', '--emit', 'ts'];

function snapshots(): void {
  cpSync(SAMPLE_SNAPSHOT, join(work, 'old'), { recursive: true });
  cpSync(SAMPLE_SNAPSHOT, join(work, 'new'), { recursive: true });
  // tables the server dropped: their modules must not outlive the commit
  const file = join(work, 'new/tables.metadata.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, Record<string, unknown>>>;
  for (const name of ['price_book', 'credit_status', 'po_line_notepad', 'class', 'query']) {
    delete doc['dbo']![name];
    delete doc['ns']!['container']![name];
  }
  writeFileSync(file, JSON.stringify(doc));
}

const generate = (out: string, inputs: string[], ...more: string[]) =>
  runCli(['generate', ...inputs, '--out', out, ...more], work);

/** Up to date with these inputs, by `--check`'s exit code; and its message when it is not. */
function check(out: string, inputs: string[]): { code: number | null; stderr: string } {
  const { code, stderr } = generate(out, inputs, '--check');
  return { code, stderr };
}

/** What is beside the output folder: nothing but the output (no staging folder, journal or lock left). */
const beside = (out: string) => readdirSync(work).filter((f) => f.startsWith(`.${out}.`));

/**
 * `generate NEW` over `out`, killed `delayMs` after it begins to change the output folder (the first entry renamed
 * or removed in it, as the file system tells: erpgen's own files say nothing of it), or not killed when it ends
 * first. Whether it was killed, whether it left its journal, and how long its commit took when it was not killed.
 */
async function killDuringCommit(
  out: string,
  delayMs: number,
): Promise<{ killed: boolean; journal: boolean; commitMs: number }> {
  const folder = join(work, out);
  let changed: number | undefined;
  const watchers = ['', 'tables', 'views', 'transactions', 'runtime']
    .filter((sub) => existsSync(join(folder, sub)))
    .map((sub) => watch(join(folder, sub), () => (changed ??= performance.now())));
  const child = spawn(process.execPath, [CLI, 'generate', ...NEW, '--out', out, '--quiet'], {
    cwd: work,
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let done: number | undefined;
  void exited.then(() => (done = performance.now()));
  try {
    // busy: a timer is too coarse for a commit of a few hundred milliseconds
    while (done === undefined && (changed === undefined || performance.now() - changed < delayMs))
      await new Promise((resolve) => setImmediate(resolve));
    const killed = done === undefined && child.kill('SIGKILL');
    await exited;
    const commitMs = changed === undefined ? 0 : done! - changed;
    return { killed, journal: existsSync(join(work, `.${out}.erpgen-commit`)), commitMs };
  } finally {
    for (const w of watchers) w.close();
  }
}

describe(`generate killed during its commit (seed ${PROPERTY_SEED})`, () => {
  it(`${KILLS} kills: after each, the old package, the new one, or a journal that --check reports and the next run finishes`, async () => {
    snapshots();
    expect(generate('ref-old', OLD).code).toBe(0);
    expect(generate('ref-new', NEW).code).toBe(0);
    const oldTree = readTree(join(work, 'ref-old'));
    const newTree = readTree(join(work, 'ref-new'));
    expect(newTree).not.toEqual(oldTree);

    // how long the commit takes here (from the first change of the folder to the end of the run), so that the
    // kills fall inside it
    mkdirSync(join(work, 'pilot'));
    cpSync(join(work, 'ref-old'), join(work, 'pilot'), { recursive: true });
    const pilot = await killDuringCommit('pilot', Infinity);
    expect(pilot.killed).toBe(false);
    const window = 1.2 * pilot.commitMs;

    const random = prng(PROPERTY_SEED);
    const seen = { old: 0, new: 0, journal: 0 };
    for (let i = 0; i < KILLS; i++) {
      const out = `out${i}`;
      cpSync(join(work, 'ref-old'), join(work, out), { recursive: true });
      // the first at once, the others anywhere up to a little past the commit's usual length
      const delay = i === 0 ? 0 : random() * window;
      const at = `kill ${i} (${delay.toFixed(1)} ms into a commit of ${pilot.commitMs.toFixed(1)} ms; seed ${PROPERTY_SEED})`;
      const { journal } = await killDuringCommit(out, delay);
      const tree = readTree(join(work, out), isRecord);
      if (journal) {
        seen.journal++;
        // a mix, or not yet: either way --check says so, whichever inputs it is given, and writes nothing
        for (const inputs of [OLD, NEW]) {
          const result = check(out, inputs);
          expect(result.code, at).toBe(1);
          expect(result.stderr, at).toMatch(/stopped while it moved its files into place/);
        }
        expect(readTree(join(work, out), isRecord), at).toEqual(tree);
      } else {
        const which = isEqual(tree, oldTree) ? 'old' : isEqual(tree, newTree) ? 'new' : undefined;
        expect(which, `${at}: neither package, and no journal (${differences(tree, newTree)})`).toBeDefined();
        seen[which!]++;
        expect(check(out, OLD).code, at).toBe(which === 'old' ? 0 : 1);
        expect(check(out, NEW).code, at).toBe(which === 'new' ? 0 : 1);
      }
      // the next run, with the new inputs or, as a team that reverts would, the old ones
      const next = random() < 0.5 ? OLD : NEW;
      const result = generate(out, next);
      expect(result.code, `${at}: ${result.stderr}`).toBe(0);
      if (journal) expect(result.stderr, at).toMatch(/finished moving the files of a run that was stopped/);
      expect(readTree(join(work, out)), at).toEqual(next === OLD ? oldTree : newTree);
      expect(check(out, next).code, at).toBe(0);
      expect(beside(out), at).toEqual([]);
      rmSync(join(work, out), { recursive: true });
    }
    // the kills did reach into commits (the first one at least, killed the moment the folder began to change)
    expect(seen.journal, JSON.stringify(seen)).toBeGreaterThan(0);
  }, 600_000);
});

/**
 * The run's record and its temporary (`.erpgen-cache.<pid>`, renamed into place when whole): a run killed while it
 * writes the record, after the commit, leaves the new package whole with that temporary beside its files; the next
 * run removes it (the tree after the next run is compared with everything in it).
 */
const isRecord = (path: string) => path === '.erpgen-cache' || /^\.erpgen-cache\.\d+$/.test(path);

/** The paths where two trees differ, for a failure's message. */
function differences(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): string {
  const paths = [...new Set([...a.keys(), ...b.keys()])].filter((p) => a.get(p) !== b.get(p)).sort();
  return `${paths.length} paths differ from the new package: ${paths.slice(0, 5).join(', ')}`;
}

function isEqual(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
}
