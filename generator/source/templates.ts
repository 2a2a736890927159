// The runtime: hand-written TypeScript under templates/runtime/, copied into every generated package.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface TemplateFile {
  /** path relative to templates/, with `/` */
  readonly path: string;
  readonly content: string;
}

/** templates/ sits at the package root, whether erpgen runs from its sources or from dist/ */
function templatesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    // the sources, not dist/templates/runtime: erpgen fetch imports the runtime, so the build compiles it there
    const candidate = join(dir, 'templates', 'runtime', 'index.ts');
    if (existsSync(candidate)) return join(dir, 'templates');
    const parent = dirname(dir);
    if (parent === dir) throw new Error('erpgen is installed without its templates/ folder');
    dir = parent;
  }
}

/** Every runtime module, families' folders included, in code-point order of their paths. */
export function readRuntimeTemplates(): TemplateFile[] {
  const root = templatesDir();
  return readdirSync(join(root, 'runtime'), { recursive: true, encoding: 'utf8' })
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()
    .map((f) => ({ path: `runtime/${f}`, content: readFileSync(join(root, 'runtime', f), 'utf8') }));
}
