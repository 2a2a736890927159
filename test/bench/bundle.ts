// What the generated package weighs in a consumer's bundle: the sample package (`emit js`), bundled by esbuild
// (minified, ES modules, code splitting, as an app bundler does it) from a consumer file per row. "What loads
// first" is the entry chunk and every chunk it imports statically: what the browser downloads, or Node reads,
// before the first call; each family other than paging, the failure path and the spans are chunks of their own,
// loaded on first use.
// - a query builder only: `query(customer)...toString()`, less the table module (which grows with its columns:
//   customer, with 300, is one of the widest);
// - `createClient().rows()`: a consumer that pages through one table, less the table module by the same rule (what
//   importing `customer` alone loads), and with it;
// - the whole client: every family called, all chunks; and in one file, without code splitting.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { loadConfig } from '../../generator/config.js';
import { generatePackage } from '../../generator/generate-package.js';
import { ROOT } from '../support/paths.js';
import type { Row } from './measure.js';

const PACKAGE = '@acme/erp-schema';
const QUERY_BUDGET = 10_000;
const ROWS_BUDGET = 45_000;

const CONSUMERS = {
  table: `import { customer } from '${PACKAGE}/tables/customer';\nconsole.log(customer);\n`,
  query:
    `import { query } from '${PACKAGE}';\nimport { customer } from '${PACKAGE}/tables/customer';\n` +
    `console.log(String(query(customer).filter((c) => c.customer_id.eq(1)).top(5)));\n`,
  rows:
    `import { query } from '${PACKAGE}';\nimport { createClient } from '${PACKAGE}/client';\n` +
    `import { customer } from '${PACKAGE}/tables/customer';\n` +
    `const client = createClient({ baseUrl: 'https://erp.example.com', auth: 'token' });\n` +
    `for await (const row of client.rows(query(customer))) console.log(row);\n`,
  whole:
    `import { query } from '${PACKAGE}';\nimport { createClient } from '${PACKAGE}/client';\n` +
    `import { customer } from '${PACKAGE}/tables/customer';\nimport { udt_pallet } from '${PACKAGE}/tables/udt_pallet';\n` +
    `const client = createClient({ baseUrl: 'https://erp.example.com', auth: 'token' });\n` +
    `for await (const row of client.rows(query(customer))) console.log(row);\n` +
    `console.log(await client.transactionGet({ ServiceName: 'Order', TransactionStates: [] }));\n` +
    `console.log(await client.entity.customers.listAll(), await client.inventory.parts.ping());\n` +
    `await client.interactive.session(async (session) => session.openRaw('Order'));\n` +
    `await client.udt.delete(udt_pallet, { row_uid: 1 });\n`,
};

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

interface Bundle {
  /** the entry chunk and every chunk it imports statically */
  readonly first: number;
  /** every chunk */
  readonly all: number;
  /** what each module loaded on first use adds (its chunk and the chunks only it imports) */
  readonly lazy: ReadonlyArray<{ readonly module: string; readonly bytes: number }>;
}

async function bundle(dir: string, name: keyof typeof CONSUMERS, splitting: boolean): Promise<Bundle> {
  const result = await build({
    entryPoints: [join(dir, `${name}.mjs`)],
    absWorkingDir: dir,
    bundle: true,
    minify: true,
    format: 'esm',
    splitting,
    outdir: join(dir, `out-${name}-${splitting ? 'split' : 'one'}`),
    metafile: true,
    write: false,
    logLevel: 'error',
  });
  const outputs: Metafile['outputs'] = result.metafile.outputs;
  const bytes = (o: string) => outputs[o]!.bytes;
  /** a chunk and every chunk it imports statically; the chunks it imports dynamically go to `dynamic` */
  const closure = (from: string, dynamic?: Set<string>): Set<string> => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const o = stack.pop()!;
      if (seen.has(o)) continue;
      seen.add(o);
      for (const i of outputs[o]!.imports)
        if (i.kind === 'import-statement') stack.push(i.path);
        else if (i.kind === 'dynamic-import') dynamic?.add(i.path);
    }
    return seen;
  };
  const entry = Object.keys(outputs).find((o) => outputs[o]!.entryPoint?.endsWith(`${name}.mjs`))!;
  const dynamic = new Set<string>();
  const first = closure(entry, dynamic);
  const sum = (chunks: Iterable<string>) => [...chunks].reduce((total, o) => total + bytes(o), 0);
  return {
    first: sum(first),
    all: sum(Object.keys(outputs).filter((o) => o.endsWith('.js'))),
    lazy: [...dynamic].map((chunk) => {
      // `.../runtime/entity/build.js` -> entity/build
      const module = outputs[chunk]!.entryPoint ?? chunk;
      const name = /runtime\/(.+)\.js$/.exec(module)?.[1] ?? module;
      return { module: name, bytes: sum([...closure(chunk)].filter((o) => !first.has(o))) };
    }),
  };
}

export async function bundleBench(work: string): Promise<Row[]> {
  const dir = join(work, 'bundle');
  const pkg = join(dir, 'node_modules', PACKAGE);
  mkdirSync(join(pkg, '..'), { recursive: true });
  const generated = join(work, 'bundle-package');
  await generatePackage(loadConfig({ config: join(ROOT, 'erpgen.config.json'), out: generated, emit: 'js' }, ROOT), {});
  symlinkSync(generated, pkg, 'dir');
  for (const [name, text] of Object.entries(CONSUMERS)) writeFileSync(join(dir, `${name}.mjs`), text);

  const table = await bundle(dir, 'table', true);
  const query = await bundle(dir, 'query', true);
  const rows = await bundle(dir, 'rows', true);
  const whole = await bundle(dir, 'whole', true);
  const wholeOneFile = await bundle(dir, 'whole', false);
  const builder = query.first - table.first;
  const client = rows.first - table.first;
  return [
    {
      name: 'a query builder only, less its table module (customer: ' + kB(table.first) + ')',
      value: kB(builder),
      target: `<= ${kB(QUERY_BUDGET)}`,
      ok: builder <= QUERY_BUDGET,
    },
    {
      name: 'createClient().rows(): what loads first, less its table module',
      value: `${kB(client)} (with it: ${kB(rows.first)}; every chunk: ${kB(rows.all)})`,
      target: `<= ${kB(ROWS_BUDGET)}`,
      ok: client <= ROWS_BUDGET,
    },
    { name: 'the whole client, every family called: every chunk', value: kB(whole.all) },
    { name: 'the whole client in one file (no code splitting)', value: kB(wholeOneFile.all) },
    ...[...whole.lazy]
      .sort((a, b) => (a.module < b.module ? -1 : 1))
      .map((chunk) => ({ name: `  loaded on first use: ${chunk.module} adds`, value: kB(chunk.bytes) })),
  ];
}
