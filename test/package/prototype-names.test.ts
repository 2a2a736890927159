// Names that are members of Object.prototype (`constructor`, `toString`, `__proto__`, ...) work in every
// position: table, view and column names; service, element and field names; valid values. Each compiles
// with TypeScript 7 and 6 in a consumer that queries and builds payloads with it, and works at run time
// without disturbing the ordinary names next to it.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config.js';
import { generatePackage } from '../../generator/generate-package.js';
import { nameObjects, nameServices, type ObjectNames } from '../../generator/model/naming.js';
import { tempDir } from '../support/cli.js';
import { ts6, tsc7 } from '../support/compilers.js';
import { PROTOTYPE_NAMES, writePrototypeSnapshot } from '../support/prototype-snapshot.js';

const dir = tempDir();
const snapshot = join(dir, 'snapshot');
const out = join(dir, 'package');

const surfaces = [
  { surface: 'table', folder: 'tables', prefix: '' },
  { surface: 'view', folder: 'views', prefix: 'v_' },
] as const;
const objectNames = new Map<string, ObjectNames>();
for (const { surface, prefix } of surfaces) {
  const objects = [...PROTOTYPE_NAMES, 'odd_columns'].map((n) => ({ name: `${prefix}${n}`, surface }));
  nameObjects(objects).forEach((names, i) => objectNames.set(`${surface}:${objects[i]!.name}`, names));
}
const serviceNames = nameServices(['Odd', ...PROTOTYPE_NAMES]);

/** the odd columns of `odd_columns` cycle through these kinds, nullable at even positions (see the snapshot) */
const columnValue = (i: number) => ["'x'", '5', '1.5'][i % 3]!;
/** the odd fields of every element cycle through Char, Decimal, Char */
const fieldValue = (i: number) => ["'x'", '5', "'x'"][i % 3]!;
const key = (name: string) => (name === '__proto__' ? `['__proto__']` : name);

/** A consumer file for one name: every position it can take, typed. */
function consumer(name: string, i: number): string {
  const lines = ["import { query } from '../index.js';"];
  const uses: string[] = [];
  for (const { surface, folder, prefix } of surfaces) {
    const object = objectNames.get(`${surface}:${prefix}${name}`)!;
    const odd = objectNames.get(`${surface}:${prefix}odd_columns`)!;
    lines.push(`import { ${object.value} as ${surface}Named } from '../${folder}/${object.stem}.js';`);
    lines.push(`import { ${odd.value} as ${surface}Odd } from '../${folder}/${odd.stem}.js';`);
    uses.push(
      // an object named for it, with a column named for it
      `export const ${surface}1 = query(${surface}Named).select('id', '${name}').filter((c) => c['${name}'].eq('x')).orderBy('${name}');`,
      `export const ${surface}Row: { readonly ${key(name)}: string | null } = null! as (typeof ${surface}1)['row'];`,
      // a column named for it among others
      `export const ${surface}2 = query(${surface}Odd).select('${name}', 'normal').filter((c) => c['${name}'].eq(${columnValue(i)})).orderBy('${name}', 'desc');`,
      `export const ${surface}3 = query(${surface}Odd).filter((c) => c.normal.eq('n'));`,
      // chosen by a function of the columns
      `export const ${surface}4: { readonly ${key(name)}: unknown; readonly normal: string | null } = null! as (typeof ${surface}Odd4)['row'];`,
      `const ${surface}Odd4 = query(${surface}Odd).select((c) => [c['${name}'], c.normal]).orderBy((c) => c['${name}']);`,
    );
  }
  const svc = serviceNames.get(name)!;
  lines.push(`import { Odd } from '../transactions/Odd.js';`);
  lines.push(`import { ${svc.value} as Named } from '../transactions/${svc.stem}.js';`);
  const row = `{ ${key(name)}: ${fieldValue(i)}, normal: 'n', status: '${name}' }`;
  uses.push(
    // a service named for it
    `export const s1 = Named.request([Named.transaction().form('form', ${row}, { keys: ['normal'] })], { useCodeValues: false });`,
    // elements named for it, fields named for it, a valid value equal to it
    `export const s2 = Odd.request([Odd.transaction().form('${name}', ${row}).list('${name}.list', [${row}, { normal: 'm' }], { keys: ['normal'] })], { useCodeValues: false });`,
    `export const s3 = Odd.transaction().form('form', ${row}, { keys: ['${name}'] }).list('list', [${row}]);`,
    `const held = ${row} as const;`,
    `export const s4 = Odd.transaction().form('form', held).list('list', [held]);`,
    `export const s5 = Odd.get('${name}', { ${key(name)}: ${fieldValue(i)} });`,
    // and an unknown field next to it is still an error
    `// @ts-expect-error not a field`,
    `Odd.transaction().form('${name}', { ${key(name)}: ${fieldValue(i)}, no_such_field: 'x' });`,
    `// @ts-expect-error not one of the valid values`,
    `Odd.transaction().form('${name}', { status: 'nope' });`,
  );
  return `${lines.join('\n')}\n\n${uses.join('\n')}\n`;
}

let diagnostics7 = '';
let diagnostics6 = '';

beforeAll(async () => {
  writePrototypeSnapshot(snapshot);
  await generatePackage(loadConfig({ snapshot, out, include: ['*'] }, dir));
  mkdirSync(join(out, 'consumer'));
  PROTOTYPE_NAMES.forEach((name, i) => writeFileSync(join(out, 'consumer', `use${i}.ts`), consumer(name, i)));
  diagnostics7 = tsc7(join(out, 'tsconfig.json'));
  diagnostics6 = ts6(join(out, 'tsconfig.json'));
});

async function load<T>(folder: string, stem: string, value: string): Promise<T> {
  const module = (await import(pathToFileURL(join(out, folder, `${stem}.js`)).href)) as Record<string, T>;
  return module[value]!;
}

interface AnyQuery {
  select(...c: string[]): AnyQuery;
  filter(f: (c: Record<string, { eq(v: unknown): unknown }>) => unknown): AnyQuery;
  orderBy(c: string, d?: string): AnyQuery;
  readonly path: string;
}
interface ChoosingQuery {
  select(choose: (c: Record<string, object>) => object[]): ChoosingQuery;
  orderBy(choose: (c: Record<string, object>) => object, d?: string): ChoosingQuery;
  readonly path: string;
}
interface AnyService {
  transaction(): AnyTransaction;
  request(
    t: AnyTransaction[],
    o: { useCodeValues: boolean },
  ): {
    Name: string;
    Transactions: Array<{ DataElements: Array<{ Name: string; Keys: string[]; Rows: Array<{ Edits: unknown[] }> }> }>;
  };
}
interface AnyTransaction {
  form(e: string, row: object, o?: { keys: string[] }): AnyTransaction;
  list(e: string, rows: object[], o?: { keys: string[] }): AnyTransaction;
}

describe.each(PROTOTYPE_NAMES.map((name, i) => [name, i] as const))('the name %s', (name, i) => {
  const inConsumer = (report: string) =>
    report
      .split('\n')
      .filter((line) => line.includes(`use${i}.ts`) || !line.includes('consumer'))
      .join('\n');

  it('compiles everywhere with TypeScript 7 and TypeScript 6 (package and a consumer using it)', () => {
    expect(inConsumer(diagnostics7)).toBe('');
    expect(inConsumer(diagnostics6)).toBe('');
  });

  const row = { [name]: i % 3 === 1 ? 5 : 'x', normal: 'n', status: name };
  // a literal `{ __proto__: ... }` would set the prototype: define the property as a user's computed key does
  const fields = () => Object.defineProperties({}, Object.getOwnPropertyDescriptors(row));
  const edits = [
    { Name: name, Value: i % 3 === 1 ? '5' : 'x' },
    { Name: 'normal', Value: 'n' },
    { Name: 'status', Value: name },
  ];

  for (const { surface, folder, prefix } of surfaces) {
    it(`as a ${surface} name and a column name: select, filter, orderBy`, async () => {
      const names = objectNames.get(`${surface}:${prefix}${name}`)!;
      const { query } = (await import(pathToFileURL(join(out, 'index.js')).href)) as {
        query(o: unknown): AnyQuery;
      };
      const object = await load(folder, names.stem, names.value);
      const q = query(object)
        .select('id', name)
        .filter((c) => c[name]!.eq('x'))
        .orderBy(name);
      expect(q.path).toBe(
        `/odataservice/odata/${surface}/${encodeURIComponent(`${prefix}${name}`)}?$select=id,${name}&$filter=${name}%20eq%20'x'&$orderby=${name}%20asc&$top=1000`,
      );
    });

    it(`as a ${surface} column among others: the others undisturbed`, async () => {
      const names = objectNames.get(`${surface}:${prefix}odd_columns`)!;
      const { query } = (await import(pathToFileURL(join(out, 'index.js')).href)) as {
        query(o: unknown): AnyQuery;
      };
      const object = await load<{ columns: object }>(folder, names.stem, names.value);
      expect(Object.keys(object.columns)).toEqual(['id', ...PROTOTYPE_NAMES, 'normal']);
      expect(Object.getPrototypeOf(object.columns)).toBe(Object.prototype);
      const value = [`x`, 5, 1.5][i % 3];
      const q = query(object)
        .select(name, 'normal')
        .filter((c) => c[name]!.eq(value))
        .orderBy('normal', 'desc');
      const literal = i % 3 === 0 ? `'x'` : String(value);
      expect(decodeURIComponent(q.path)).toContain(
        `$select=${name},normal&$filter=${name} eq ${literal}&$orderby=normal desc`,
      );
      // chosen by a function of the columns: the same text
      const chosen = (query(object) as unknown as ChoosingQuery)
        .select((c) => [c[name]!, c['normal']!])
        .orderBy((c) => c['normal']!, 'desc');
      expect(chosen.path).toBe(query(object).select(name, 'normal').orderBy('normal', 'desc').path);
    });
  }

  it('as a service name: builds and sends its name', async () => {
    const names = serviceNames.get(name)!;
    const service = await load<AnyService>('transactions', names.stem, names.value);
    const body = service.request([service.transaction().form('form', fields(), { keys: ['normal'] })], {
      useCodeValues: false,
    });
    expect(body.Name).toBe(name);
    expect(body.Transactions[0]!.DataElements[0]!.Rows[0]!.Edits).toEqual(edits);
  });

  it('as an element name, a field name and a valid value', async () => {
    const Odd = await load<AnyService>('transactions', 'Odd', 'Odd');
    const body = Odd.request(
      [
        Odd.transaction()
          .form(name, fields())
          .list(`${name}.list`, [fields(), { normal: 'm' }], { keys: ['normal'] })
          .form('form', fields(), { keys: [name] }),
      ],
      { useCodeValues: false },
    );
    const elements = body.Transactions[0]!.DataElements;
    expect(elements.map((e) => e.Name)).toEqual([name, `${name}.list`, 'form']);
    expect(elements[0]!.Rows[0]!.Edits).toEqual(edits);
    expect(elements[1]!.Rows.map((r) => r.Edits)).toEqual([edits, [{ Name: 'normal', Value: 'm' }]]);
    expect(elements[2]!.Keys).toEqual([name]);
    // the other fields and elements are undisturbed, and unknown ones still refused
    expect(() => Odd.transaction().form(name, { status: 'nope' })).toThrow(/not one of its valid values/);
    expect(() => Odd.transaction().form(name, { no_such_field: 'x' })).toThrow(/"no_such_field" is not a field/);
    expect(() => Odd.transaction().form('no_such_element', {})).toThrow(/no such data element/);
  });
});

it('an inherited name is never taken for an element or a field', async () => {
  const Odd = await load<AnyService>('transactions', 'Odd', 'Odd');
  // `list` elements have no element called `valueOf.form`, and a row is not a field list because its prototype has `toString`
  expect(() => Odd.transaction().form('hasOwnProperty.list', {})).toThrow(/a List element/);
  const inherited = Object.create({ normal: 'n' }) as object;
  const body = Odd.request([Odd.transaction().form('form', inherited)], { useCodeValues: false });
  expect(body.Transactions[0]!.DataElements[0]!.Rows[0]!.Edits).toEqual([]);
});

it('every module of the package is prettier-clean as emitted, long hashed names and computed keys too', async () => {
  const options = await prettier.resolveConfig(join(out, 'index.js'));
  const unformatted: string[] = [];
  for (const folder of ['tables', 'views', 'transactions'])
    for (const file of readdirSync(join(out, folder))) {
      const path = join(out, folder, file);
      if (!(await prettier.check(readFileSync(path, 'utf8'), { ...options, filepath: path })))
        unformatted.push(`${folder}/${file}`);
    }
  expect(unformatted).toEqual([]);
});
