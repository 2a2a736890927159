// A big run prints its services on a second thread as well as the main one (generator/services-thread.ts). What
// the user sees must be the sequential run's: the same package byte for byte, the same progress counts and
// notices in the same order, the same one error where a definition is broken (the first in the run's order, and a
// broken view before any service), the previous output untouched, and no thread left running on any path. Each
// case runs the shipped sample both ways: sequential (the thread never starts) and with the thread from the first
// byte of definitions (servicesThreadAfter: 0), so that the two threads race over the sample's 12 services.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config.js';
import type { Notice } from '../../generator/diagnostics.js';
import { UserError } from '../../generator/errors.js';
import { moduleFiles } from '../../generator/emit/package-files.js';
import { generatePackage, type GeneratePackageOptions } from '../../generator/generate-package.js';
import { ColumnFacts } from '../../generator/model/column-facts.js';
import { nameServices } from '../../generator/model/naming.js';
import { serviceModulePath } from '../../generator/model/plan.js';
import { serviceModule, type ServiceJob } from '../../generator/service-module.js';
import { ServicesThread } from '../../generator/services-thread.js';
import { openServices } from '../../generator/source/snapshot.js';
import { tempDir } from '../support/cli.js';
import { SAMPLE_SNAPSHOT } from '../support/paths.js';
import { readTree } from '../support/tree.js';

const work = tempDir('erpgen-services-thread-');
const SEQUENTIAL = Infinity;
const THREADED = 0;
/** the process's threads, where the system lists them (a worker is one) */
const TASKS = '/proc/self/task';
const threads = () => (existsSync(TASKS) ? readdirSync(TASKS).length : 0);

const PACE_MS = 20;
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

let runs = 0;
function snapshotCopy(): string {
  const snapshot = join(work, `snap-${runs++}`);
  cpSync(SAMPLE_SNAPSHOT, snapshot, { recursive: true });
  return snapshot;
}

interface Run {
  readonly tree?: Map<string, string>;
  readonly progress: string[];
  readonly notices: Notice[];
  readonly error?: { code: string; message: string; exitCode: number };
  /** the most threads the process had at a progress count */
  readonly peakThreads: number;
}

async function run(
  snapshot: string,
  out: string,
  after: number,
  settings: { emit?: 'js' | 'ts'; options?: GeneratePackageOptions } = {},
): Promise<Run> {
  const progress: string[] = [];
  const notices: Notice[] = [];
  let peakThreads = 0;
  const before = threads();
  let error: Run['error'];
  try {
    await generatePackage(loadConfig({ snapshot, out, include: ['*'], emit: settings.emit ?? 'js' }, work), {
      ...settings.options,
      servicesThreadAfter: after,
      onProgress: (done, total) => {
        peakThreads = Math.max(peakThreads, threads());
        // the main thread held back through the later objects (the views) and at each service, so that the
        // services thread (started under tsx here, which takes a while) prints beside the views and takes its
        // share of the services: which thread prints which service varies, what the run does must not
        if (after === THREADED && done.objects > total.objects * 0.6 && done.services < total.services) pause(PACE_MS);
        progress.push(`${done.objects}/${total.objects} ${done.services}/${total.services}`);
        settings.options?.onProgress?.(done, total);
      },
      onNotice: (notice) => void notices.push(notice),
    });
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    error = { code: e.code, message: e.message, exitCode: e.exitCode };
  }
  // every thread the run started is gone when it returns, whichever way it ended
  expect(threads()).toBe(before);
  return { ...(error ? { error } : { tree: readTree(out) }), progress, notices, peakThreads };
}

describe('services printed on a second thread', () => {
  it.each(['js', 'ts'] as const)(
    'make the same package, progress counts and notices as the sequential run (emit %s)',
    async (emit) => {
      const snapshot = snapshotCopy();
      const sequential = await run(snapshot, join(work, `seq-${emit}`), SEQUENTIAL, { emit });
      const threaded = await run(snapshot, join(work, `thr-${emit}`), THREADED, { emit });
      expect(threaded.tree).toEqual(sequential.tree);
      expect([...threaded.tree!.keys()].filter((p) => p.startsWith('transactions/')).length).toBe(
        emit === 'js' ? 24 : 12,
      );
      expect(threaded.progress).toEqual(sequential.progress);
      expect(threaded.progress.at(-1)).toBe(sequential.progress.at(-1));
      expect(threaded.notices).toEqual(sequential.notices);
      expect(threaded.notices.length).toBeGreaterThan(0);
      if (existsSync(TASKS)) expect(threaded.peakThreads).toBeGreaterThan(sequential.peakThreads);
    },
  );

  it('write only the services `only` takes (erpgen diff --project), as the sequential run does', async () => {
    const snapshot = snapshotCopy();
    const only = (path: string) => !path.startsWith('transactions/') || /^transactions\/(Order|Item|Labor)$/.test(path);
    const sequential = await run(snapshot, join(work, 'seq-only'), SEQUENTIAL, { options: { only } });
    const threaded = await run(snapshot, join(work, 'thr-only'), THREADED, { options: { only } });
    expect(threaded.tree).toEqual(sequential.tree);
    expect([...threaded.tree!.keys()].filter((p) => p.startsWith('transactions/')).sort()).toEqual([
      'transactions/Item.d.ts',
      'transactions/Item.js',
      'transactions/Labor.d.ts',
      'transactions/Labor.js',
      'transactions/Order.d.ts',
      'transactions/Order.js',
    ]);
    expect(threaded.progress).toEqual(sequential.progress);
  });
});

describe('the services thread alone (the main thread taking none)', () => {
  const snapshot = snapshotCopy();
  const definitions = openServices(snapshot)!.definitions;
  const names = nameServices(definitions.map((d) => d.name));
  const jobs: ServiceJob[] = definitions.map((definition) => ({
    definition,
    names: names.get(definition.name)!,
    overlay: undefined,
  }));
  const sizes = { lengths: new ColumnFacts(), scales: new ColumnFacts() };
  sizes.lengths.add([['oe_hdr.po_no', 7]]);
  const decode = new TextDecoder();

  async function printAll(list: readonly ServiceJob[], pendingLimit?: number) {
    const thread = new ServicesThread(list, 'js', pendingLimit);
    const files = new Map<string, string>();
    let counted = 0;
    thread.begin(sizes);
    try {
      await thread.finish(
        (path, bytes) => {
          files.set(path, decode.decode(bytes));
          // as the writer does with a big file: its buffer moves on to a file thread
          structuredClone(bytes, { transfer: [bytes.buffer as ArrayBuffer] });
        },
        () => counted++,
      );
      return { files, counted };
    } catch (error) {
      return { error: error as UserError, files, counted };
    } finally {
      await thread.stop();
    }
  }

  it.each([
    ['ahead of the main thread', undefined],
    ['waiting for the main thread to take each one (a byte ahead at most)', 1],
  ])('prints every service as the main thread does, with the sizes it is given (%s)', async (_, limit) => {
    const { files, counted, error } = await printAll(jobs, limit);
    expect(error).toBeUndefined();
    expect(counted).toBe(jobs.length);
    const here = new Map(
      jobs.flatMap((job) => [...moduleFiles(serviceModulePath(job.names), serviceModule(job, sizes), 'js')]),
    );
    expect(files).toEqual(here);
    expect(files.get('transactions/Order.d.ts')).toContain('at most 7');
  });

  it('stops at the first service that fails, and that one is the error, as a UserError with its code', async () => {
    const broken = join(work, 'broken');
    mkdirSync(broken, { recursive: true });
    const bad = (at: number, text: string) => {
      const file = join(broken, `${at}.json`);
      writeFileSync(file, text);
      return { ...jobs[at]!, definition: { ...jobs[at]!.definition, file, label: `definitions/${at}.json` } };
    };
    const list = jobs.map((job, at) =>
      at === 3
        ? bad(3, '{"Name": ')
        : at === 5
          ? bad(5, readFileSync(job.definition.file, 'utf8').replace(/"Name"\s*:\s*"[^"]*"/, '"Name":"X"'))
          : job,
    );
    const { error, counted } = await printAll(list);
    expect(error).toBeInstanceOf(UserError);
    expect(error!.code).toBe('ERPGEN_JSON_INVALID');
    expect(error!.message).toMatch(/^definitions\/3\.json: /);
    expect(counted).toBe(3);
  });
});

describe('a broken definition, with services on a second thread', () => {
  const SERVICES = readdirSync(join(SAMPLE_SNAPSHOT, 'definitions'))
    .filter((f) => f.endsWith('.json'))
    .sort();
  const breakages = {
    'bad JSON': (file: string) => writeFileSync(file, '{"Name": '),
    'a name mismatch': (file: string) =>
      writeFileSync(file, readFileSync(file, 'utf8').replace(/"Name"\s*:\s*"[^"]*"/, '"Name":"Elsewhere"')),
  };

  interface Broken {
    readonly run: Run;
    /** the previous output exactly as it was */
    readonly untouched: boolean;
  }

  /**
   * A good output first (two: one for each way), then the snapshot broken and generated into them: the sequential
   * run's error, and the threaded run's.
   */
  async function broken(
    breakSnapshot: (snapshot: string) => void,
    options: () => GeneratePackageOptions = () => ({}),
  ): Promise<{ sequential: Broken; threaded: Broken }> {
    const snapshot = snapshotCopy();
    const outs = [join(work, `out-${runs}-seq`), join(work, `out-${runs}-thr`)] as const;
    for (const out of outs) await generatePackage(loadConfig({ snapshot, out, include: ['*'] }, work));
    const whole = (out: string) => JSON.stringify([...readTree(out, () => false)]);
    const previous = outs.map(whole);
    breakSnapshot(snapshot);
    const both = [];
    for (const [i, out] of outs.entries()) {
      const result = await run(snapshot, out, i === 0 ? SEQUENTIAL : THREADED, { options: options() });
      both.push({ run: result, untouched: whole(out) === previous[i] });
    }
    return { sequential: both[0]!, threaded: both[1]! };
  }

  // first and second broken services anywhere in the run's order, each kind first: whichever thread meets which,
  // the one told is the first in the run's order
  const cases: Array<[string, number, number]> = [];
  for (const [first, second] of [
    [1, 10],
    [7, 8],
  ] as const)
    cases.push(['bad JSON', first, second], ['a name mismatch', first, second]);

  it.each(cases)(
    '%s in service %i (and the other kind in service %i) is the one error, as in the sequential run',
    async (kind, first, second) => {
      const other = kind === 'bad JSON' ? 'a name mismatch' : 'bad JSON';
      const breakIt = (snapshot: string) => {
        breakages[kind as keyof typeof breakages](join(snapshot, 'definitions', SERVICES[first]!));
        breakages[other](join(snapshot, 'definitions', SERVICES[second]!));
      };
      const { sequential, threaded } = await broken(breakIt);
      expect(sequential.run.error?.message).toContain(`definitions/${SERVICES[first]}`);
      expect(threaded.run.error).toEqual(sequential.run.error);
      expect(threaded.run.progress).toEqual(sequential.run.progress);
      expect(threaded.untouched).toBe(true);
      expect(sequential.untouched).toBe(true);
    },
  );

  it('a view that pass 2 refuses is the error, not a broken service the thread met meanwhile', async () => {
    const breakIt = (snapshot: string) => {
      const views = join(snapshot, 'views.metadata.json');
      const text = readFileSync(views, 'utf8');
      // the last view's entity type made a complex type: refused when pass 2 reads it, after the tables
      const at = text.lastIndexOf('"$Kind":"EntityType"');
      writeFileSync(
        views,
        `${text.slice(0, at)}"$Kind":"ComplexType"${text.slice(at + '"$Kind":"EntityType"'.length)}`,
      );
      for (const service of SERVICES) breakages['bad JSON'](join(snapshot, 'definitions', service));
    };
    const { sequential, threaded } = await broken(breakIt);
    expect(sequential.run.error?.message).toContain('views.metadata.json');
    // refused in pass 2: the tables were printed, and the thread was given their sizes
    expect(sequential.run.progress.length).toBeGreaterThan(0);
    expect(threaded.run.error).toEqual(sequential.run.error);
    expect(threaded.run.progress).toEqual(sequential.run.progress);
    expect(threaded.untouched).toBe(true);
  });

  it('a Ctrl-C while the thread prints stops the run with the output as it was, and the thread', async () => {
    const { sequential, threaded } = await broken(
      (snapshot) => {
        // a changed definition, so that the run has something to write
        const order = join(snapshot, 'definitions', 'Order.json');
        writeFileSync(order, readFileSync(order, 'utf8').replace('"TABPAGE_1.order"', '"TABPAGE_1.orders"'));
      },
      () => {
        const stop = new AbortController();
        return { signal: stop.signal, onProgress: (done) => void (done.objects === 50 && stop.abort()) };
      },
    );
    expect(threaded.run.error).toMatchObject({ code: 'ERPGEN_STOPPED', exitCode: 130 });
    expect(threaded.run.error!.message).toBe(sequential.run.error!.message.replace('-seq', '-thr'));
    expect(threaded.run.progress.length).toBeGreaterThanOrEqual(50);
    expect(threaded.untouched).toBe(true);
  });
});
