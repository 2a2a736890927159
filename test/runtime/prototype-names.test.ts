// End to end: names that are members of Object.prototype, sent for real. For each name, a package generated
// from a snapshot that uses it everywhere (test/support/prototype-snapshot.ts) queries columns and objects so
// named and writes services, elements, fields and valid values so named, against the simulated server over
// real HTTP on 127.0.0.1; what comes back holds the name as an own property, beside the ordinary ones.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config.js';
import { generatePackage } from '../../generator/generate-package.js';
import { nameObjects, nameServices } from '../../generator/model/naming.js';
import { tempDir } from '../support/cli.js';
import { PROTOTYPE_NAMES, writePrototypeSnapshot } from '../support/prototype-snapshot.js';
import { startSandbox, type Sandbox } from '../../sandbox/sandbox.js';

type Row = Record<string, unknown>;
interface Query {
  select(...c: string[]): Query;
  filter(f: (c: Record<string, { ne(v: unknown): unknown }>) => unknown): Query;
  orderBy(c: string, d?: string): Query;
  top(n: number): Query;
}
interface Service {
  transaction(): Transaction;
  request(t: Transaction[], o: { useCodeValues: boolean }): unknown;
  records(from: unknown, element: string): Row[];
}
interface Transaction {
  form(e: string, row: object, o?: { keys: string[] }): Transaction;
  list(e: string, rows: object[], o?: { keys: string[] }): Transaction;
}
interface Client {
  page(q: Query): Promise<{ rows: Row[] }>;
  transaction(body: unknown): Promise<{ Summary: { Succeeded: number; Failed: number } }>;
}

const dir = tempDir();
const snapshot = join(dir, 'snapshot');
const out = join(dir, 'package');
let server: Sandbox;
let client: Client;
let query: (object: unknown) => Query;

const load = async <T>(path: string, name: string): Promise<T> =>
  ((await import(pathToFileURL(join(out, path)).href)) as Record<string, T>)[name]!;

beforeAll(async () => {
  writePrototypeSnapshot(snapshot);
  await generatePackage(loadConfig({ snapshot, out, include: ['*'] }, dir));
  server = await startSandbox({ snapshot, transactions: {} });
  const { createClient } = (await import(pathToFileURL(join(out, 'client.js')).href)) as {
    createClient(o: object): Client;
  };
  client = createClient({ baseUrl: server.url, auth: 'test-token' });
  query = await load('index.js', 'query');
});
afterAll(() => server?.close());

const tables = nameObjects([...PROTOTYPE_NAMES, 'odd_columns'].map((name) => ({ name, surface: 'table' as const })));
const services = nameServices(['Odd', ...PROTOTYPE_NAMES]);
/** a row whose fields are this name, `normal` and `status` (valid values: the names): `__proto__` as an own key */
const row = (name: string, i: number, normal: string) =>
  Object.defineProperties(
    {},
    Object.getOwnPropertyDescriptors({ [name]: i % 3 === 1 ? 5 : 'x', normal, status: name }),
  ) as Row;

describe.each(PROTOTYPE_NAMES.map((name, i) => [name, i] as const))('the name %s, sent', (name, i) => {
  it('queries a column and a table so named: the rows hold it as their own property', async () => {
    const odd = tables.at(-1)!;
    const oddColumns = await load(`tables/${odd.stem}.js`, odd.value);
    const page = await client.page(
      query(oddColumns)
        .select(name, 'normal')
        .filter((c) => c[name]!.ne(null))
        .orderBy(name)
        .top(5),
    );
    expect(page.rows.length).toBeGreaterThan(0);
    for (const r of page.rows) {
      expect(Object.keys(r).sort()).toEqual([name, 'normal'].sort());
      expect(Object.prototype.hasOwnProperty.call(r, name)).toBe(true);
      expect(r[name]).not.toBeNull();
    }
    const named = tables[i]!;
    const table = await load(`tables/${named.stem}.js`, named.value);
    const rows = (await client.page(query(table).select('id', name).top(3))).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.keys(rows[0]!).sort()).toEqual(['id', name].sort());
  });

  it('writes an element, a field and a valid value so named, and reads the row back by field name', async () => {
    const Odd = await load<Service>('transactions/Odd.js', 'Odd');
    const result = await client.transaction(
      Odd.request(
        [
          Odd.transaction()
            .form(name, row(name, i, 'f'))
            .list(`${name}.list`, [row(name, i, 'a'), { normal: 'b' }]),
        ],
        { useCodeValues: false },
      ),
    );
    expect(result.Summary).toMatchObject({ Succeeded: 1, Failed: 0 });
    const [form] = Odd.records(result, name);
    expect(Object.prototype.hasOwnProperty.call(form, name)).toBe(true);
    expect(form).toMatchObject({ normal: 'f', status: name });
    expect(form![name]).toBe(i % 3 === 1 ? '5' : 'x');
    expect(Odd.records(result, `${name}.list`).map((r) => r['normal'])).toEqual(['a', 'b']);
  });

  it('writes to a service so named', async () => {
    const names = services.get(name)!;
    const service = await load<Service>(`transactions/${names.stem}.js`, names.value);
    const result = await client.transaction(
      service.request([service.transaction().form('form', row(name, i, 'n'))], { useCodeValues: false }),
    );
    expect(result.Summary).toMatchObject({ Succeeded: 1, Failed: 0 });
    expect(service.records(result, 'form')[0]).toMatchObject({ normal: 'n', status: name });
  });
});
