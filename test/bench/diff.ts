// `erpgen diff` benchmarks: a stock tenant against an upgraded copy (columns removed, added, shortened, made
// nullable, retyped; tables dropped and added; services changed), beside one generation of the same tenant; the
// same with every object ten times as wide (documents ten times the size, the same objects), whose peak memory
// should stay about that of the stock run; and with ten times the objects (the index and the changes grow with
// them, as a generation's index does). And `--project`: a small team project checked against the stock tenant and
// its upgrade, as a new user first runs it.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI } from '../support/paths.js';
import { makeTenant, type SampleColumn, type SampleObject, type Tenant } from '../tenant/make-tenant.js';
import { writeSampleSnapshot } from '../tenant/snapshot.js';
import { writeCsdl } from '../tenant/write-csdl.js';
import { measureNode, median, rssOf, wallOf, type Row } from './measure.js';
import { teamProject } from '../support/team-project.js';

/** every 25th table and 50th view changed; 20 tables dropped, 30 added: about 200 objects of 7,160 */
function upgrade(tenant: Tenant): Tenant {
  const change = (o: SampleObject, i: number): SampleObject => {
    const columns: SampleColumn[] = o.columns.slice(0, -1).map((c, j) => {
      if (j === 1 && c.maxLength !== undefined && c.maxLength > 10) return { ...c, maxLength: c.maxLength - 5 };
      if (j === 2) return { ...c, nullable: !c.nullable };
      if (j === 3 && i % 2 === 0 && c.type === 'Edm.Int32') return { ...c, type: 'Edm.String', maxLength: 40 };
      return c;
    });
    columns.push({ name: 'upgrade_note', type: 'Edm.String', nullable: true, maxLength: 255 });
    return { ...o, columns };
  };
  const tables = tenant.tables
    .filter((_, i) => i < 100 || i % 150 !== 7)
    .map((o, i) => (i % 25 === 5 ? change(o, i) : o));
  for (let i = 0; i < 30; i++)
    tables.push({
      name: `upgrade_new_${i}`,
      key: ['upgrade_new_uid'],
      columns: [
        { name: 'upgrade_new_uid', type: 'Edm.Int32', nullable: false },
        { name: 'label', type: 'Edm.String', nullable: true, maxLength: 80 },
      ],
    });
  const views = tenant.views.map((o, i) => (i % 50 === 9 ? change(o, i) : o));
  return { tables, views };
}

/** The sample services of `dir`, changed: every field of a service's first element required, one service gone. */
function upgradeServices(dir: string): void {
  const definitions = join(dir, 'definitions');
  const files = readdirSync(definitions).sort();
  rmSync(join(definitions, files[files.length - 1]!));
  for (const file of files.slice(0, 3)) {
    const json = JSON.parse(readFileSync(join(definitions, file), 'utf8'));
    for (const field of json.TransactionDefinition.DataElementDefinitions[0].FieldDefinitions) field.Required = true;
    writeFileSync(join(definitions, file), JSON.stringify(json));
  }
}

async function writeTenant(dir: string, tenant: Tenant, services: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await writeCsdl(join(dir, 'tables.metadata.json'), tenant.tables, { annotations: true });
  await writeCsdl(join(dir, 'views.metadata.json'), tenant.views, { containerFirst: true, bom: true, alias: 'v' });
  cpSync(join(services, 'definitions'), join(dir, 'definitions'), { recursive: true });
  cpSync(join(services, 'services.json'), join(dir, 'services.json'));
}

function diffRun(before: string, after: string, cwd: string) {
  const m = measureNode(CLI, ['diff', before, after, '--format', 'json'], cwd);
  const summary = (JSON.parse(m.stdout) as { summary: { breaking: number; nonBreaking: number } }).summary;
  return { ...m, changes: summary.breaking + summary.nonBreaking, breaking: summary.breaking };
}

export async function diffBench(work: string, runs: number): Promise<Row[]> {
  const dir = mkdtempSync(join(work, 'diff-'));
  const stock = join(dir, 'stock');
  await writeSampleSnapshot(stock);
  const upgraded = join(dir, 'upgraded');
  await writeTenant(upgraded, upgrade(makeTenant()), stock);
  upgradeServices(upgraded);
  const big = async (name: string, options: { scale?: number; width?: number }) => {
    const before = join(dir, name);
    const after = join(dir, `${name}-upgraded`);
    await writeTenant(before, makeTenant(options), stock);
    await writeTenant(after, upgrade(makeTenant(options)), stock);
    upgradeServices(after);
    return [before, after] as const;
  };
  const wide = await big('wide', { width: 10 });
  const ten = await big('ten', { scale: 10 });
  // every object compared, as a package generated with the default `include: ["*"]` holds them all
  writeFileSync(join(dir, 'erpgen.config.json'), '{}');

  const generations = [];
  const diffs = [];
  const same = [];
  for (let i = 0; i < runs; i++) {
    const out = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/erpgen-bench-') : join(dir, `out-${i}`);
    rmSync(out, { recursive: true, force: true });
    generations.push(measureNode(CLI, ['generate', '--snapshot', stock, '--out', out, '--quiet'], dir));
    rmSync(out, { recursive: true, force: true });
    diffs.push(diffRun(stock, upgraded, dir));
    same.push(diffRun(stock, stock, dir));
  }
  const wideRun = diffRun(...wide, dir);
  const tenRun = diffRun(...ten, dir);
  const generation = median(generations.map((m) => m.seconds));
  const wall = median(diffs.map((m) => m.seconds));
  const rss = median(diffs.map((m) => m.peakRssMb));
  return [
    {
      name: 'stock vs upgraded stock: changes found (breaking)',
      value: `${diffs[0]!.changes} (${diffs[0]!.breaking})`,
    },
    {
      name: 'stock vs upgraded stock: wall',
      value: `${wallOf(diffs)}; one generation of the stock tenant, output on tmpfs: ${wallOf(generations)}`,
      target: 'about one generation (<= 1.5x)',
      ok: wall <= 1.5 * generation,
    },
    {
      name: 'stock vs upgraded stock: peak RSS',
      value: rssOf(diffs),
    },
    {
      name: 'stock vs itself (no changes): wall',
      value: wallOf(same),
    },
    { name: '10x wide vs upgraded 10x wide: changes found', value: String(wideRun.changes) },
    { name: '10x wide vs upgraded 10x wide: wall', value: `${wideRun.seconds.toFixed(2)} s (1 run)` },
    {
      name: '10x wide vs upgraded 10x wide: peak RSS',
      value: `${wideRun.peakRssMb.toFixed(0)} MB (${(wideRun.peakRssMb / rss).toFixed(2)}x stock)`,
      target: '<= 1.5x stock',
      ok: wideRun.peakRssMb <= 1.5 * rss,
    },
    { name: '10x objects vs upgraded 10x: changes found', value: String(tenRun.changes) },
    { name: '10x objects vs upgraded 10x: wall', value: `${tenRun.seconds.toFixed(2)} s (1 run)` },
    {
      name: '10x objects vs upgraded 10x: peak RSS',
      value: `${tenRun.peakRssMb.toFixed(0)} MB (${(tenRun.peakRssMb / rss).toFixed(2)}x stock)`,
    },
  ];
}

/** A small team project: a few files that query tables the upgrade changes and leaves alone, read their rows and write an Order. */
const SMALL_PROJECT: Record<string, string> = {
  'customers.ts': [
    "import { query } from '@acme/erp-schema';",
    "import { customer, type CustomerRow } from '@acme/erp-schema/tables/customer';",
    "export const q = query(customer).select('customer_id', 'customer_name').filter((c) => c.customer_id.gt(1));",
    'export const nameOf = (row: CustomerRow) => row.customer_name;',
  ].join('\n'),
  'lines.ts': [
    "import { type OeLineRow } from '@acme/erp-schema/tables/oe_line';",
    'export const total = (row: OeLineRow) => Number(row.unit_price ?? 0) * Number(row.qty_ordered ?? 0);',
  ].join('\n'),
  'orders.ts': [
    "import { Order } from '@acme/erp-schema/transactions/Order';",
    "export const order = Order.transaction().form('TABPAGE_1.order', { customer_id: 100198, po_no: 'PO-1' });",
  ].join('\n'),
};

/** `erpgen diff --project` on the stock tenant and its upgrade, with a small project. */
export async function diffProjectBench(work: string, runs: number): Promise<Row[]> {
  const dir = mkdtempSync(join(work, 'diff-project-'));
  const stock = join(dir, 'stock');
  await writeSampleSnapshot(stock);
  const upgraded = join(dir, 'upgraded');
  await writeTenant(upgraded, upgrade(makeTenant()), stock);
  upgradeServices(upgraded);
  teamProject(join(dir, 'app'), SMALL_PROJECT);
  writeFileSync(join(dir, 'erpgen.config.json'), JSON.stringify({ packageName: '@acme/erp-schema' }));
  const measured = Array.from({ length: runs }, () =>
    measureNode(CLI, ['diff', stock, upgraded, '--project', 'app', '--format', 'json'], dir),
  );
  const project = (JSON.parse(measured[0]!.stdout) as { project: { used: unknown[]; newErrors: number } }).project;
  return [
    {
      name: 'stock vs upgraded stock, --project (a 3-file project): wall',
      value: `${wallOf(measured)}; ${project.used.length} changes used, ${project.newErrors} new errors`,
      target: '<= 30 s',
      ok: median(measured.map((m) => m.seconds)) <= 30,
    },
    { name: 'stock vs upgraded stock, --project: peak RSS', value: rssOf(measured) },
  ];
}
