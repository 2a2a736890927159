// The team's compiler and tsconfig, for `erpgen diff --project`: their own `typescript` (tsc, run as a process,
// so its version and options are the ones the team builds with; erpgen itself does not depend on TypeScript), and
// a tsconfig in a temporary folder that extends theirs and means what theirs means there: their `paths` made
// absolute, `rootDir`, `typeRoots` and the files to compile as their tsconfig's folder would make them.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { UserError } from '../errors.js';

export function findTsconfig(given: string): string {
  let file = resolve(given);
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'tsconfig.json');
  if (!existsSync(file))
    throw new UserError('ERPGEN_PROJECT_TSCONFIG', `--project ${given}: no such tsconfig file`, {
      where: { option: '--project' },
    });
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
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { version?: string; bin?: string | Record<string, string> };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.['tsc'];
  if (!bin)
    throw new UserError(
      'ERPGEN_PROJECT_NO_TYPESCRIPT',
      `--project ${shown}: the typescript package found at ${dirname(pkgFile)} has no tsc`,
      { where: { option: '--project' } },
    );
  return { tsc: join(dirname(pkgFile), bin), version: pkg.version ?? '?' };
}

/** JSON with comments and trailing commas, as tsconfig files are written. */
export function parseJsonc(text: string): unknown {
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
    compilerOptions?: { paths?: Record<string, string[]>; baseUrl?: string };
    files?: unknown;
    include?: unknown;
  };
}

/** The tsconfig and every file it extends, bases first (the order the compiler applies them). */
function tsconfigChain(file: string, seen = new Set<string>()): TsconfigFile[] {
  if (seen.has(file)) return [];
  seen.add(file);
  let json: TsconfigFile['json'];
  try {
    json = parseJsonc(readFileSync(file, 'utf8')) as TsconfigFile['json'];
  } catch (error) {
    throw new UserError('ERPGEN_PROJECT_TSCONFIG', `${file}: cannot read this tsconfig (${(error as Error).message})`, {
      where: { file },
    });
  }
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
    const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
    if (found) chain.push(...tsconfigChain(found, seen));
  }
  chain.push({ file, json });
  return chain;
}

export interface TeamSettings {
  /** their `paths`, made absolute */
  readonly paths: Record<string, string[]>;
  /** whether some file of the chain says which files to compile (else the default is the tsconfig's folder) */
  readonly namesFiles: boolean;
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
  return {
    paths,
    namesFiles: chain.some((c) => c.json.files !== undefined || c.json.include !== undefined),
    setsRootDir: sets('rootDir'),
    setsTypeRoots: sets('typeRoots'),
  };
}

/** tsc's report; with `listFiles`, the files of the program too (one absolute path a line). */
export function runTsc(tsc: string, tsconfig: string, cwd: string, listFiles = false): Promise<string> {
  return new Promise((done, fail) => {
    const args = [tsc, '-p', tsconfig, '--pretty', 'false', ...(listFiles ? ['--listFiles'] : [])];
    const child = spawn(process.execPath, args, { cwd });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 || code === 1 || code === 2
        ? done(output)
        : fail(
            new UserError(
              'ERPGEN_PROJECT_TSC_FAILED',
              `tsc stopped (exit ${code}): ${output.trim().split('\n')[0] ?? ''}`,
            ),
          ),
    );
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

export function variantTsconfig(
  tsconfig: string,
  projectDir: string,
  team: TeamSettings,
  compilerMajor: number,
  packageName: string,
  dirs: readonly string[],
  ext: string,
): object {
  const paths = { ...team.paths };
  delete paths[packageName];
  delete paths[`${packageName}/*`];
  paths[packageName] = dirs.map((d) => join(d, `index${ext}`));
  paths[`${packageName}/*`] = dirs.map((d) => join(d, `*${ext}`));
  return {
    extends: tsconfig,
    compilerOptions: {
      noEmit: true,
      incremental: false,
      composite: false,
      emitDeclarationOnly: false,
      paths,
      // TypeScript 6 and later default rootDir to the tsconfig's folder: theirs, not this one
      ...(team.setsRootDir || compilerMajor < 6 ? {} : { rootDir: projectDir }),
      ...(team.setsTypeRoots ? {} : { typeRoots: typeRootsOf(projectDir) }),
    },
    ...(team.namesFiles ? {} : { include: [join(projectDir, '**/*')], exclude: [join(projectDir, 'node_modules')] }),
  };
}
