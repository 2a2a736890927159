// What the stock package costs the project that depends on it, apart from type checking its queries: every tool
// that resolves an import from the package reads its package.json. On the stock tenant's package (`emit js`),
// installed in a consumer's node_modules, with a file importing 200 of its tables by their subpaths:
// - the package.json's size;
// - TypeScript's module resolution of the 200 subpaths (TS 6's resolveModuleName, a fresh cache each run);
// - Node importing the 200 modules in a fresh process;
// - tsc (TypeScript 7) on the consumer, wall and its "Parse time" (reading, resolving and parsing the program).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ts } from 'ts-morph';
import { loadConfig } from '../../generator/config.js';
import { generatePackage } from '../../generator/generate-package.js';
import { ROOT } from '../support/paths.js';
import { median, spread, type Row } from './measure.js';

const IMPORTS = 200;
/** the name the generated package.json has without a config (`packageName`'s default) */
const PACKAGE = 'erp-schema';

export async function consumerBench(work: string, stockSnapshot: string, runs: number): Promise<Row[]> {
  const project = join(work, 'consumer-project');
  const pkg = join(project, 'node_modules', PACKAGE);
  await generatePackage(loadConfig({ snapshot: stockSnapshot, out: pkg, include: ['*'] }, work), {});
  const pkgJson = join(pkg, 'package.json');

  const stems = readdirSync(join(pkg, 'tables'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => f.slice(0, -3))
    .sort();
  const step = Math.floor(stems.length / IMPORTS);
  const chosen = stems.filter((_, i) => i % step === 0).slice(0, IMPORTS);
  const specifiers = chosen.map((s) => `${PACKAGE}/tables/${s}`);

  mkdirSync(join(project, 'src'), { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      include: ['src'],
    }),
  );
  writeFileSync(
    join(project, 'src/main.ts'),
    `${specifiers.map((s, i) => `import * as m${i} from '${s}';`).join('\n')}\nexport const all = [${chosen.map((_, i) => `m${i}`).join(', ')}];\n`,
  );
  writeFileSync(
    join(project, 'import.mjs'),
    `await Promise.all(${JSON.stringify(specifiers)}.map((s) => import(s)));\n`,
  );

  // TypeScript's resolution, alone: every subpath resolved with a fresh cache, as a new program would
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  };
  const containing = join(project, 'src/main.ts');
  const resolution: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cache = ts.createModuleResolutionCache(project, (f) => f, options);
    const started = performance.now();
    for (const s of specifiers) {
      const resolved = ts.resolveModuleName(s, containing, options, ts.sys, cache, undefined, ts.ModuleKind.ESNext);
      if (!resolved.resolvedModule) throw new Error(`TypeScript does not resolve ${s}`);
    }
    resolution.push(performance.now() - started);
  }

  const nodeImport: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, ['import.mjs'], { cwd: project, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`node import.mjs failed:\n${result.stderr}`);
    nodeImport.push((performance.now() - started) / 1000);
  }

  const tscWall: number[] = [];
  const tscParse: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project, '--extendedDiagnostics'],
      { encoding: 'utf8' },
    );
    tscWall.push((performance.now() - started) / 1000);
    if (result.status !== 0) throw new Error(`tsc failed:\n${result.stdout}${result.stderr}`);
    tscParse.push(Number(/^Parse time:\s+([\d.]+)/m.exec(result.stdout)?.[1] ?? NaN));
  }

  return [
    { name: "stock package's package.json", value: `${(statSync(pkgJson).size / 1000).toFixed(1)} kB` },
    {
      name: `TypeScript resolution of ${IMPORTS} table subpaths (TS ${ts.version}, fresh cache)`,
      value: spread(resolution, 'ms', 1),
    },
    {
      name: `node, a fresh process importing ${IMPORTS} table modules: wall`,
      value: spread(nodeImport, 's', 2),
    },
    {
      name: `tsc (TypeScript 7), a consumer importing ${IMPORTS} tables by subpath: wall`,
      value: `${spread(tscWall, 's', 2)}; parse, resolution included, ${median(tscParse).toFixed(2)} s`,
    },
  ];
}
