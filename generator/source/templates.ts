// The runtime: hand-written TypeScript under templates/runtime/ (families in their own folders), copied into
// every generated package. In `ts` form the sources are copied; in `js` form, what `npm run build` compiled from
// them (dist/templates/runtime: JavaScript and declarations, printed by prettier), so that generating never
// needs a TypeScript compiler.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../errors.js';

export interface TemplateFile {
  /** path in the generated package, with `/` */
  readonly path: string;
  readonly content: string;
}

/** erpgen's package root (it holds templates/), whether erpgen runs from its sources or from dist/ */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'templates', 'runtime')) && existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('erpgen is installed without its templates/ folder');
    dir = parent;
  }
}

const isSource = (f: string) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts');

/**
 * The files under `root`, relative to it with `/`, in code-point order. (node 20's own recursive readdirSync takes
 * some milliseconds to warm up, which a run with nothing to do feels.)
 */
export function filesUnder(root: string, prefix = '', files: string[] = []): string[] {
  for (const entry of readdirSync(join(root, prefix), { withFileTypes: true })) {
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory()) filesUnder(root, `${path}/`, files);
    else files.push(path);
  }
  return prefix ? files : files.sort();
}

/** The runtime's source files, relative to templates/runtime with `/`, folders included, in code-point order. */
function sourceNames(sources: string): string[] {
  return filesUnder(sources).filter(isSource);
}

export function readRuntimeTemplates(mode: 'js' | 'ts'): TemplateFile[] {
  const root = packageRoot();
  const sources = join(root, 'templates', 'runtime');
  const names = sourceNames(sources);
  if (mode === 'ts')
    return names.map((f) => ({ path: `runtime/${f}`, content: readFileSync(join(sources, f), 'utf8') }));
  const compiled = join(root, 'dist', 'templates', 'runtime');
  // Only in erpgen's own checkout (which has the build's tsconfig) can a source have changed since the build.
  // An installed erpgen is built once, and npm stamps its files in archive order: times say nothing there.
  const checkout = existsSync(join(root, 'tsconfig.build.json'));
  const files: TemplateFile[] = [];
  for (const name of names) {
    const stem = name.slice(0, -'.ts'.length);
    // a file's reading tells it is missing (no existsSync first), and the source's time serves both its files: the
    // runtime's 76 sources took 456 calls of the file system besides the reads, now 228
    const edited = checkout ? statSync(join(sources, name)).mtimeMs : undefined;
    for (const out of [`${stem}.js`, `${stem}.d.ts`]) {
      const content = compiledFile(join(compiled, out), edited);
      if (content === undefined)
        throw new UserError(
          'ERPGEN_RUNTIME_NOT_BUILT',
          `erpgen's compiled runtime (dist/templates/runtime/${out}) is missing or older than its source: run \`npm run build\` in erpgen, or generate with --emit ts`,
        );
      files.push({ path: `runtime/${out}`, content });
    }
  }
  return files;
}

/** A compiled runtime file's text; undefined when it is missing, or older than its source edited at `edited`. */
function compiledFile(path: string, edited: number | undefined): string | undefined {
  try {
    if (edited !== undefined && statSync(path).mtimeMs < edited) return undefined;
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
