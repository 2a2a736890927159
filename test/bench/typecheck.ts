// Editor and compiler cost of the query builders, on the stock tenant's generated package:
// - tsc (TypeScript 7) on a file that queries 200 objects with a filter and a select each, against the
//   same queries written against the row interfaces alone (a query string each, its result typed by hand with
//   the row interface: what a team writes without the builders): time and type instantiations; and the queries file
//   against the package's declarations (`emit: js`) versus its TypeScript sources (`emit: ts`);
// - completion of `c.` inside a filter lambda with the TypeScript 6 language service (ts-morph), warm.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Project, ts } from 'ts-morph';
import { loadConfig } from '../../generator/config.js';
import { generatePackage } from '../../generator/generate-package.js';
import { kindOf } from '../../generator/model/edm.js';
import { nameObjects } from '../../generator/model/naming.js';
import type { QueryObject } from '../../generator/model/schema.js';
import { readCsdlIndex, readCsdlObjects } from '../../generator/parse/csdl.js';
import { ROOT } from '../support/paths.js';
import { median, spread, type Row } from './measure.js';

const OBJECTS = 200;

/** The OData literal of the same value, in the query string of the row-interfaces file. */
function odataValueFor(kind: string): string {
  return kind === 'string' ? "'x'" : kind === 'datetime' ? '2024-01-01T00:00:00Z' : '1';
}

function valueFor(kind: string): string | undefined {
  switch (kind) {
    case 'string':
      return "'x'";
    case 'int':
    case 'decimal':
    case 'float':
      return '1';
    case 'datetime':
      return "new Date('2024-01-01T00:00:00Z')";
    default:
      return undefined;
  }
}

interface Diagnostics {
  readonly seconds: number;
  readonly checkSeconds: number;
  readonly instantiations: number;
}

function tsc(tsconfig: string): Diagnostics {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', tsconfig, '--extendedDiagnostics'],
    { encoding: 'utf8' },
  );
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`tsc failed:\n${result.stdout}${result.stderr}`);
  const number = (label: string) => Number(new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(result.stdout)?.[1] ?? NaN);
  return { seconds, checkSeconds: number('Check time'), instantiations: number('Instantiations') };
}

export async function typecheckBench(work: string, stockSnapshot: string, runs: number): Promise<Row[]> {
  const out = join(work, 'typecheck-package');
  await generatePackage(loadConfig({ snapshot: stockSnapshot, out, include: ['*'] }, work));

  // 200 tables, spread over the alphabet, each with two columns a filter can use
  const index = readCsdlIndex(join(stockSnapshot, 'tables.metadata.json'), 'table');
  const allNames = nameObjects(index.objects);
  const names = { table: new Map(index.objects.map((o, i) => [o.name, allNames[i]!])) };
  const candidates: QueryObject[] = [];
  readCsdlObjects(index.document, index.objects, (o) => {
    if (
      o.columns.filter((c) => valueFor(kindOf(c.edmType)) && /^[a-z_][a-z0-9_]*$/.test(c.name)).length >= 2 &&
      /^[a-z_][a-z0-9_]*$/.test(o.name) &&
      // the generator leaves some objects out (bin: unreachable on both surfaces): only those it wrote
      existsSync(join(out, 'tables', `${names.table.get(o.name)!.stem}.d.ts`))
    )
      candidates.push(o);
  });
  const step = Math.floor(candidates.length / OBJECTS);
  const chosen = candidates.filter((_, i) => i % step === 0).slice(0, OBJECTS);

  // the same package in `ts` form: the consumer is checked against the declarations and against the sources
  const outTs = join(work, 'typecheck-package-ts');
  await generatePackage(loadConfig({ snapshot: stockSnapshot, out: outTs, include: ['*'], emit: 'ts' }, work));
  const consumer = join(out, 'consumer');
  const consumerTs = join(outTs, 'consumer');
  mkdirSync(consumer, { recursive: true });
  mkdirSync(consumerTs, { recursive: true });
  let queries = "import { query } from '../index.js';\n";
  // the same statements, without the builders: a value per query, each checked by the compiler
  let rows = 'declare function rows<R>(path: string): readonly R[];\n';
  // and only the result types, declared: no statement to check (the baseline until issue 30's fourth round)
  let types = '';
  chosen.forEach((o, i) => {
    const n = names.table.get(o.name)!;
    const [a, b] = o.columns.filter((c) => valueFor(kindOf(c.edmType)) && /^[a-z_][a-z0-9_]*$/.test(c.name));
    queries += `import { ${n.value} as o${i} } from '../tables/${n.stem}.js';\n`;
    rows += `import type { ${n.type}Row as R${i} } from '../tables/${n.stem}.js';\n`;
    queries += `export const q${i} = query(o${i}).select('${a!.name}', '${b!.name}').filter((c) => c.${a!.name}.eq(${valueFor(kindOf(a!.edmType))}));\n`;
    const path = `/odataservice/odata/table/${o.name}?$select=${a!.name},${b!.name}&$filter=${a!.name} eq ${odataValueFor(kindOf(a!.edmType))}`;
    rows += `export const r${i} = rows<Pick<R${i}, '${a!.name}' | '${b!.name}'>>(${JSON.stringify(path)});\n`;
    types += `import type { ${n.type}Row as R${i} } from '../tables/${n.stem}.js';\n`;
    types += `export declare const r${i}: Pick<R${i}, '${a!.name}' | '${b!.name}'>;\n`;
  });
  // as a consumer compiles a package: skipLibCheck on (the package's own tsconfig turns it off in `js` form)
  const tsconfig = (dir: string, file: string, skipLibCheck = true) => {
    writeFileSync(join(dir, `${file}.ts`), file === 'rows' ? rows : file === 'types' ? types : queries);
    const path = join(dir, `tsconfig.${file}${skipLibCheck ? '' : '.libcheck'}.json`);
    writeFileSync(
      path,
      JSON.stringify({ extends: '../tsconfig.json', compilerOptions: { skipLibCheck }, include: [`${file}.ts`] }),
    );
    return path;
  };
  const queriesConfig = tsconfig(consumer, 'queries');
  const rowsConfig = tsconfig(consumer, 'rows');
  const typesConfig = tsconfig(consumer, 'types');
  const queriesTsConfig = tsconfig(consumerTs, 'queries');
  const queriesLibCheckConfig = tsconfig(consumer, 'queries', false);

  const q: Diagnostics[] = [];
  const r: Diagnostics[] = [];
  const t: Diagnostics[] = [];
  for (let i = 0; i < runs; i++) {
    r.push(tsc(rowsConfig));
    q.push(tsc(queriesConfig));
    t.push(tsc(typesConfig));
  }
  const qTs: Diagnostics[] = [];
  const qLib: Diagnostics[] = [];
  for (let i = 0; i < runs; i++) {
    qTs.push(tsc(queriesTsConfig));
    qLib.push(tsc(queriesLibCheckConfig));
  }
  const qTsSeconds = median(qTs.map((d) => d.seconds));
  const qSeconds = median(q.map((d) => d.seconds));
  const rSeconds = median(r.map((d) => d.seconds));
  const tSeconds = median(t.map((d) => d.seconds));
  const instantiations = q[0]!.instantiations;

  // completion in a filter lambda, TypeScript 6 language service
  const project = new Project({ tsConfigFilePath: queriesConfig });
  const target = chosen[0]!;
  const targetNames = names.table.get(target.name)!;
  const file = project.createSourceFile(join(consumer, 'typing.ts'), '', { overwrite: true });
  const service = project.getLanguageService().compilerObject;
  const prefix = `import { query } from '../index.js';\nimport { ${targetNames.value} as t } from '../tables/${targetNames.stem}.js';\nexport const x = query(t).filter((c) => c.`;
  const complete = (suffix: string) => {
    file.replaceWithText(`${prefix}${suffix}`);
    const started = performance.now();
    const completions = service.getCompletionsAtPosition(file.getFilePath(), prefix.length, {});
    return { ms: performance.now() - started, names: completions?.entries.map((e) => e.name) ?? [] };
  };
  const cold = complete(');');
  const warm: number[] = [];
  let listed: string[] = [];
  for (let i = 0; i < 20; i++) {
    const c = complete(`)${' '.repeat(i % 3)};`);
    warm.push(c.ms);
    listed = c.names;
  }
  const allColumns = target.columns.every((c) => listed.includes(c.name));
  const warmMs = median(warm);

  return [
    {
      name: `tsc, ${OBJECTS} objects queried (filter + select each), against .d.ts (emit js)`,
      value: `${spread(
        q.map((d) => d.seconds),
        's',
        2,
      )}; check ${median(q.map((d) => d.checkSeconds)).toFixed(2)} s`,
    },
    {
      name: `tsc, the same ${OBJECTS} queries against row interfaces only (a query string each)`,
      value: `${spread(
        r.map((d) => d.seconds),
        's',
        2,
      )}; check ${median(r.map((d) => d.checkSeconds)).toFixed(2)} s`,
    },
    {
      name: `tsc, the same ${OBJECTS} queries against .ts sources (emit ts)`,
      value: `${spread(
        qTs.map((d) => d.seconds),
        's',
        2,
      )}; check ${median(qTs.map((d) => d.checkSeconds)).toFixed(2)} s, ${qTs[0]!.instantiations} instantiations`,
    },
    {
      name: `tsc, the same ${OBJECTS} queries against .d.ts, skipLibCheck off`,
      value: `${spread(
        qLib.map((d) => d.seconds),
        's',
        2,
      )}; check ${median(qLib.map((d) => d.checkSeconds)).toFixed(2)} s`,
    },
    {
      name: 'tsc, queries: .d.ts (emit js) / .ts sources (emit ts)',
      value: `${(qSeconds / qTsSeconds).toFixed(2)}x`,
      target: '<= 1x',
      ok: qSeconds <= qTsSeconds,
    },
    {
      name: 'tsc, queries / row interfaces',
      value: `${(qSeconds / rSeconds).toFixed(2)}x`,
      target: '<= 1.5x',
      ok: qSeconds <= 1.5 * rSeconds,
    },
    {
      name: `tsc, queries / the ${OBJECTS} result types alone (declared: no statement; the baseline before)`,
      value: `${(qSeconds / tSeconds).toFixed(2)}x (${tSeconds.toFixed(2)} s)`,
    },
    {
      name: 'tsc, type instantiations (queries file)',
      value: String(instantiations),
      target: '< 250,000',
      ok: instantiations < 250_000,
    },
    { name: `completion of c. in a filter lambda, TS ${ts.version}, cold`, value: `${cold.ms.toFixed(0)} ms` },
    {
      name: `completion of c. in a filter lambda, TS ${ts.version}, warm (median of 20)`,
      value: `${spread(warm, 'ms', 1)}, ${listed.length} entries${allColumns ? ', all columns listed' : ', COLUMNS MISSING'}`,
      target: '<= 50 ms',
      ok: warmMs <= 50 && allColumns,
    },
  ];
}
