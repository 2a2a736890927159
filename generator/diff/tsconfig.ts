// The team's compiler and tsconfig, for `erpgen diff --project`: their own `typescript` (tsc, run as a process,
// so its version and options are the ones the team builds with; erpgen itself does not depend on TypeScript), and
// a tsconfig in a temporary folder that extends theirs and means what theirs means there: their `paths` made
// absolute, `rootDir`, `typeRoots` and the files to compile as their tsconfig's folder would make them.
//
// What it reads of theirs it reads bounded (a regular file, up to a size: never a FIFO or /dev/zero), what it
// reads is checked for its shape (a tsconfig of the wrong type is one line naming the key), and their compiler
// runs with a time limit and a cap on what it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { quote } from '../message-text.js';

/** A tsconfig file is read up to this size. */
const TSCONFIG_MAX_BYTES = 1 << 20;

/** How a message names a file: relative to the working folder. */
export const shownPath = (file: string) => relative(process.cwd(), file) || file;

/**
 * The text of a regular file, read up to `max` bytes; undefined when it is not a regular file or is longer (a
 * FIFO or a device is never opened, and a file that grows while read is cut at `max + 1` bytes and refused).
 */
export function readCapped(file: string, max: number): string | undefined {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile() || stat.size > max) return undefined;
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(max + 1, stat.size + 1));
    let length = 0;
    for (let n; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0;)
      length += n;
    return length > max ? undefined : buffer.toString('utf8', 0, length);
  } finally {
    closeSync(fd);
  }
}

export function findTsconfig(given: string): string {
  let file = resolve(given);
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) file = join(file, 'tsconfig.json');
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new UserError('ERPGEN_PROJECT_TSCONFIG', `--project ${given}: no such tsconfig file`);
  if (!stat.isFile())
    throw new UserError(
      'ERPGEN_PROJECT_TSCONFIG',
      `--project ${given}: not a file (a tsconfig.json, or the folder holding one)`,
    );
  return file;
}

export function findCompiler(projectDir: string, shown: string): { tsc: string; version: string } {
  let pkgFile: string;
  try {
    pkgFile = createRequire(join(projectDir, 'package.json')).resolve('typescript/package.json');
  } catch {
    throw new UserError(
      'ERPGEN_PROJECT_NO_TYPESCRIPT',
      `--project ${shown}: TypeScript is not installed for this project (npm install -D typescript there): erpgen checks your code with your own compiler`,
      { where: { option: '--project' } },
    );
  }
  let pkg: { version?: unknown; bin?: unknown } = {};
  try {
    pkg = JSON.parse(readCapped(pkgFile, TSCONFIG_MAX_BYTES) ?? '{}') as typeof pkg;
  } catch {
    // said below: no tsc found
  }
  const bin = typeof pkg.bin === 'string' ? pkg.bin : isObject(pkg.bin) ? pkg.bin['tsc'] : undefined;
  if (typeof bin !== 'string')
    throw new UserError(
      'ERPGEN_PROJECT_NO_TYPESCRIPT',
      `--project ${shown}: the typescript package found at ${dirname(pkgFile)} has no tsc`,
    );
  return { tsc: join(dirname(pkgFile), bin), version: typeof pkg.version === 'string' ? pkg.version : '?' };
}

/** JSON with comments and trailing commas, as tsconfig files are written. */
function parseJsonc(text: string): unknown {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === ',' && /^\s*[}\]]/.test(text.slice(i + 1).replace(/^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, ''))) {
      // a trailing comma
    } else out += c;
  }
  return JSON.parse(out);
}

interface TsconfigFile {
  readonly file: string;
  readonly json: {
    extends?: string | string[];
    compilerOptions?: { paths?: Record<string, string[]>; baseUrl?: string; outDir?: string };
    files?: unknown;
    include?: unknown;
    exclude?: string[];
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** What is wrong with the shape of a tsconfig's JSON, for the keys erpgen reads; undefined when nothing. */
function shapeProblem(json: unknown): string | undefined {
  if (!isObject(json)) return 'it is not a JSON object';
  const options = json['compilerOptions'];
  if (options !== undefined && !isObject(options)) return '"compilerOptions" is not an object';
  const paths = options?.['paths'];
  const string = (v: unknown) => typeof v === 'string';
  const keys: ReadonlyArray<readonly [string, unknown, (v: unknown) => boolean, string]> = [
    ['extends', json['extends'], (v) => string(v) || isStrings(v), 'neither a string nor a list of strings'],
    ...(['files', 'include', 'exclude'] as const).map((k) => [k, json[k], isStrings, 'not a list of strings'] as const),
    [
      'compilerOptions.paths',
      paths,
      (v) => isObject(v) && Object.values(v).every(isStrings),
      'not an object of lists of strings',
    ],
    ...(['baseUrl', 'outDir', 'rootDir'] as const).map(
      (k) => [`compilerOptions.${k}`, options?.[k], string, 'not a string'] as const,
    ),
  ];
  const wrong = keys.find(([, value, fits]) => value !== undefined && !fits(value));
  return wrong && `"${wrong[0]}" is ${wrong[3]}`;
}

/** The tsconfig and every file it extends, bases first (the order the compiler applies them). */
function tsconfigChain(file: string, seen = new Set<string>()): TsconfigFile[] {
  if (seen.has(file)) return [];
  seen.add(file);
  let json: TsconfigFile['json'];
  const text = readCapped(file, TSCONFIG_MAX_BYTES);
  if (text === undefined)
    throw new UserError(
      'ERPGEN_PROJECT_TSCONFIG',
      `${shownPath(file)}: cannot read this tsconfig (not a regular file of at most ${TSCONFIG_MAX_BYTES >> 20} MB)`,
    );
  try {
    json = parseJsonc(text.replace(/^\uFEFF/, '')) as TsconfigFile['json'];
  } catch (error) {
    throw new UserError(
      'ERPGEN_PROJECT_TSCONFIG',
      `${shownPath(file)}: cannot read this tsconfig (${(error as Error).message})`,
    );
  }
  const problem = shapeProblem(json);
  if (problem)
    throw new UserError('ERPGEN_PROJECT_TSCONFIG', `${shownPath(file)}: not a tsconfig erpgen can read: ${problem}`);
  const bases = json.extends === undefined ? [] : Array.isArray(json.extends) ? json.extends : [json.extends];
  const chain: TsconfigFile[] = [];
  for (const base of bases) {
    const from = dirname(file);
    const candidates =
      base.startsWith('.') || isAbsolute(base) ? [resolve(from, base), resolve(from, `${base}.json`)] : [];
    if (!candidates.length) {
      const req = createRequire(file);
      for (const name of [base, `${base}.json`, `${base}/tsconfig.json`])
        try {
          candidates.push(req.resolve(name));
        } catch {
          // try the next form
        }
    }
    // a FIFO or a device is never opened (here, nor by their compiler, which would wait on it for ever)
    const odd = candidates.find((c) => {
      const stat = statSync(c, { throwIfNoEntry: false });
      return stat !== undefined && !stat.isFile() && !stat.isDirectory();
    });
    if (odd)
      throw new UserError(
        'ERPGEN_PROJECT_TSCONFIG',
        `${shownPath(file)}: "extends" names ${quote(base)}, which is not a file`,
      );
    const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
    if (found) chain.push(...tsconfigChain(found, seen));
  }
  chain.push({ file, json });
  return chain;
}

/** The tsconfig and the files it extends that are the team's own (not in node_modules). */
export function tsconfigFiles(tsconfig: string): string[] {
  return tsconfigChain(tsconfig)
    .map((c) => c.file)
    .filter((f) => !/[\\/]node_modules[\\/]/.test(f));
}

export interface TeamSettings {
  /** their `paths`, made absolute */
  readonly paths: Record<string, string[]>;
  /** whether some file of the chain says which files to compile (else the default is the tsconfig's folder) */
  readonly namesFiles: boolean;
  /** their `exclude`, made absolute, when some file of the chain gives one */
  readonly exclude: readonly string[] | undefined;
  /** their `outDir`, made absolute, when set (the compiler's default `exclude` leaves it out) */
  readonly outDir: string | undefined;
  /** whether it sets these itself (else their defaults depend on where the tsconfig is, and are given) */
  readonly setsRootDir: boolean;
  readonly setsTypeRoots: boolean;
}

/** What a tsconfig in another folder must say so that the team's settings mean what they mean in theirs. */
export function teamSettings(tsconfig: string): TeamSettings {
  const chain = tsconfigChain(tsconfig);
  const withPaths = chain.filter((c) => c.json.compilerOptions?.paths).pop();
  const withBase = chain.filter((c) => c.json.compilerOptions?.baseUrl !== undefined).pop();
  const base = withBase
    ? resolve(dirname(withBase.file), withBase.json.compilerOptions!.baseUrl!)
    : withPaths && dirname(withPaths.file);
  const paths: Record<string, string[]> = {};
  for (const [key, targets] of Object.entries(withPaths?.json.compilerOptions?.paths ?? {}))
    paths[key] = targets.map((t) => resolve(base!, t));
  const sets = (option: string) =>
    chain.some((c) => (c.json.compilerOptions as Record<string, unknown> | undefined)?.[option] !== undefined);
  const withExclude = chain.filter((c) => c.json.exclude !== undefined).pop();
  const withOutDir = chain.filter((c) => c.json.compilerOptions?.outDir !== undefined).pop();
  return {
    paths,
    namesFiles: chain.some((c) => c.json.files !== undefined || c.json.include !== undefined),
    exclude: withExclude?.json.exclude!.map((e) => resolve(dirname(withExclude.file), e)),
    outDir: withOutDir && resolve(dirname(withOutDir.file), withOutDir.json.compilerOptions!.outDir!),
    setsRootDir: sets('rootDir'),
    setsTypeRoots: sets('typeRoots'),
  };
}

/** What tsc may print before it is taken for runaway and stopped. */
const TSC_OUTPUT_MAX = 64 << 20;

/** The compilers running now: stopped with erpgen (they run in process groups of their own). */
const running = new Set<ChildProcess>();

function stopGroup(child: ChildProcess): void {
  try {
    // the group: `tsc` of TypeScript 7 is a node script that runs the native compiler as its child
    if (process.platform !== 'win32' && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch {
    // gone already
  }
}

function onInterrupt(): void {
  for (const child of running) stopGroup(child);
  running.clear();
  process.off('SIGINT', onInterrupt);
  // ended as a Ctrl-C ends a process, now that nothing of ours outlives it
  process.kill(process.pid, 'SIGINT');
}

export interface TscRun {
  readonly tsc: string;
  readonly tsconfig: string;
  readonly cwd: string;
  /** `list`: the program's files too (one absolute path a line); `only`: the files, without checking them */
  readonly files?: 'list' | 'only';
  /** stopped after this long, with a message naming `what` */
  readonly timeoutMs: number;
  /** which compile this is, for messages: `against the new package` */
  readonly what: string;
  /** how messages name the project: `--project app/tsconfig.json` */
  readonly shown: string;
}

/** tsc's report (its diagnostics, and the files when asked), within a time limit and a cap on its output. */
export function runTsc(run: TscRun): Promise<string> {
  return new Promise((done, fail) => {
    const files = run.files === 'list' ? ['--listFiles'] : run.files === 'only' ? ['--listFilesOnly'] : [];
    const child = spawn(process.execPath, [run.tsc, '-p', run.tsconfig, '--pretty', 'false', ...files], {
      cwd: run.cwd,
      detached: process.platform !== 'win32',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (running.size === 0) process.on('SIGINT', onInterrupt);
    running.add(child);
    const chunks: Buffer[] = [];
    let size = 0;
    let failure: UserError | undefined;
    const stop = (why: UserError) => {
      failure ??= why;
      stopGroup(child);
    };
    const timer = setTimeout(
      () =>
        stop(
          new UserError(
            'ERPGEN_PROJECT_TIMEOUT',
            `${run.shown}: tsc ${run.what} did not finish within ${run.timeoutMs / 1000} s: stopped (give it longer with --project-timeout)`,
          ),
        ),
      run.timeoutMs,
    );
    const take = (chunk: Buffer) => {
      size += chunk.length;
      if (size > TSC_OUTPUT_MAX)
        stop(
          new UserError(
            'ERPGEN_PROJECT_TSC_FAILED',
            `${run.shown}: tsc ${run.what} printed more than ${TSC_OUTPUT_MAX >> 20} MB: stopped`,
          ),
        );
      else chunks.push(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (error) =>
      stop(new UserError('ERPGEN_PROJECT_TSC_FAILED', `${run.shown}: tsc cannot run: ${error.message}`)),
    );
    child.on('close', (code) => {
      clearTimeout(timer);
      running.delete(child);
      if (running.size === 0) process.off('SIGINT', onInterrupt);
      const output = Buffer.concat(chunks).toString('utf8');
      if (failure) fail(failure);
      else if (code === 0 || code === 1 || code === 2) done(output);
      else
        fail(
          new UserError(
            'ERPGEN_PROJECT_TSC_FAILED',
            `${run.shown}: tsc ${run.what} stopped (exit ${code}): ${quote(output.trim().split('\n')[0] ?? '')}`,
          ),
        );
    });
  });
}

/** `node_modules/@types` of the folder and every folder above it: the default `typeRoots` of a tsconfig there. */
function typeRootsOf(dir: string): string[] {
  const roots: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'node_modules/@types'))) roots.push(join(at, 'node_modules/@types'));
    if (dirname(at) === at) return roots;
  }
}

/** `child` is `parent` or inside it. */
export const isInside = (child: string, parent: string) => child === parent || child.startsWith(`${parent}/`);

export interface VariantInput {
  readonly tsconfig: string;
  readonly projectDir: string;
  readonly team: TeamSettings;
  readonly compilerMajor: number;
  readonly packageName: string;
  /** the package to check, whole; `ext`: its modules' extension (`.d.ts`, `.ts`) */
  readonly pkg: string;
  readonly ext: string;
  /** the team's output folder (real path): what of theirs reaches it reaches `pkg` instead, and none of it is compiled itself */
  readonly out: string;
  /** where a path of the team's is in this compile: itself, or its copy in a mirror (project-mirror.ts) */
  readonly place?: (path: string) => string;
}

/** A tsconfig that extends the team's and checks their code against `pkg`, as their settings mean it. */
export function variantTsconfig(input: VariantInput): object {
  const { team, packageName, pkg, out } = input;
  const place = input.place ?? ((path: string) => path);
  const paths: Record<string, string[]> = {};
  // an alias of theirs for the output folder (`@gen/*`) reaches the package to check
  for (const [key, targets] of Object.entries(team.paths))
    paths[key] = targets.map((t) => (isInside(t, out) ? join(pkg, t.slice(out.length)) : place(t)));
  delete paths[packageName];
  delete paths[`${packageName}/*`];
  paths[packageName] = [join(pkg, `index${input.ext}`)];
  paths[`${packageName}/*`] = [join(pkg, `*${input.ext}`)];
  const projectDir = place(input.projectDir);
  // the compiler's own default, less their output folder, which is no code of theirs
  const exclude = [
    ...(team.exclude?.map(place) ?? [
      ...['node_modules', 'bower_components', 'jspm_packages'].map((d) => join(projectDir, d)),
      ...(team.outDir ? [place(team.outDir)] : []),
    ]),
    place(out),
  ];
  return {
    extends: place(input.tsconfig),
    compilerOptions: {
      noEmit: true,
      incremental: false,
      composite: false,
      emitDeclarationOnly: false,
      paths,
      // TypeScript 6 and later default rootDir to the tsconfig's folder: theirs, not this one
      ...(team.setsRootDir || input.compilerMajor < 6 ? {} : { rootDir: projectDir }),
      ...(team.setsTypeRoots ? {} : { typeRoots: typeRootsOf(input.projectDir) }),
    },
    ...(team.namesFiles ? {} : { include: [join(projectDir, '**/*')] }),
    exclude,
  };
}
