// What a user feels while typing: completion right after an edit (the file changed since the last request)
// and the first request of a fresh editor, at three places in the sample package — a List row and a Form of
// the Order service (102 elements, 1,266 fields) and `c.` in a filter on `customer` (302 columns).
// - TypeScript 6: the JavaScript language service (ts-morph), which most editors still run;
// - TypeScript 7: the native language server (`tsc --lsp --stdio`), driven over LSP as an editor drives it.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Project, ts } from 'ts-morph';
import { LspClient, position } from '../support/lsp.js';
import { ROOT } from '../support/paths.js';
import type { Row } from './measure.js';
import { median } from './measure.js';

/** A place to complete at: the text before the cursor and after it, and names the completion must list. */
interface Place {
  readonly name: string;
  readonly before: string;
  readonly after: string;
  readonly expect: readonly string[];
}

const ORDER = "import { Order } from '../transactions/Order.js';\n";
const CUSTOMER = "import { query } from '../index.js';\nimport { customer } from '../tables/customer.js';\n";

const PLACES: readonly Place[] = [
  {
    name: "a List row: .list('TP_ITEMS.items', [{ | }])",
    before: `${ORDER}export const t = Order.transaction().list('TP_ITEMS.items', [{ `,
    after: ' }]);\n',
    expect: ['oe_order_item_id', 'unit_quantity'],
  },
  {
    name: "a Form: .form('TABPAGE_1.order', { | })",
    before: `${ORDER}export const t = Order.transaction().form('TABPAGE_1.order', { `,
    after: ' });\n',
    expect: ['customer_id', 'po_no'],
  },
  {
    name: 'c. in a filter on customer (302 columns)',
    before: `${CUSTOMER}export const q = query(customer).filter((c) => c.`,
    after: ');\n',
    expect: ['credit_limit', 'customer_name'],
  },
];

/** The edit made before each request: a comment line above the code that changes every time. */
function edited(place: Place, i: number): { text: string; offset: number } {
  const head = `// edit ${i}\n`;
  return { text: `${head}${place.before}${place.after}`, offset: head.length + place.before.length };
}

function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

interface Latency {
  readonly coldMs: number;
  readonly editMedianMs: number;
  readonly editP95Ms: number;
  /** the CPU time of this process per request: what the figure would be on a quiet machine (TS 6 only) */
  readonly editCpuMedianMs?: number;
  readonly editCpuP95Ms?: number;
  readonly coldCpuMs?: number;
  readonly listed: boolean;
}

/** edits completed before measuring */
const WARM_UP = 20;

// --- TypeScript 6 ---------------------------------------------------------------------------------------

/** Completes once in `service` after setting the file's text; the time and whether the names were listed. */
function complete6(
  service: ts.LanguageService,
  file: string,
  offset: number,
  place: Place,
): [ms: number, cpuMs: number, listed: boolean] {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = service.getCompletionsAtPosition(file, offset, {});
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const names = new Set(result?.entries.map((e) => e.name));
  return [ms, (used.user + used.system) / 1000, place.expect.every((n) => names.has(n))];
}

function ts6Session(pkg: string, place: Place): { service: ts.LanguageService; setText(text: string): void } {
  const file = join(pkg, 'consumer', 'typing.ts');
  const project = new Project({ tsConfigFilePath: join(pkg, 'consumer', 'tsconfig.json') });
  const source = project.createSourceFile(file, edited(place, 0).text, { overwrite: true });
  return { service: project.getLanguageService().compilerObject, setText: (text) => source.replaceWithText(text) };
}

/**
 * The first request on a file just opened: a new process whose language service code has served one request
 * already (as in an editor that is running), then a new project, whose first request builds the program and
 * checks what completion needs.
 */
function ts6Cold(pkg: string, placeIndex: number): [ms: number, cpuMs: number] {
  const script = `
    import { ts6ColdOnce } from ${JSON.stringify(pathToFileURL(join(ROOT, 'test/bench/editor.ts')).href)};
    process.stdout.write(String(ts6ColdOnce(${JSON.stringify(pkg)}, ${placeIndex})));`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`cold TS 6 run failed: ${result.stderr}`);
  const [ms, cpuMs] = result.stdout.trim().split('\n').at(-1)!.split(' ').map(Number);
  return [ms!, cpuMs!];
}

/** Run inside the fresh process of ts6Cold: wall and CPU time, NaN when the names are not listed. */
export function ts6ColdOnce(pkg: string, placeIndex: number): string {
  const warm = new Project({ tsConfigFilePath: join(pkg, 'consumer', 'tsconfig.json') });
  const warmFile = join(pkg, 'consumer', 'warm.ts');
  const text = 'export const n = [1].map((x) => x.';
  warm.createSourceFile(warmFile, `${text});`, { overwrite: true });
  warm.getLanguageService().compilerObject.getCompletionsAtPosition(warmFile, text.length, {});
  const place = PLACES[placeIndex]!;
  const session = ts6Session(pkg, place);
  const [ms, cpuMs, listed] = complete6(
    session.service,
    join(pkg, 'consumer', 'typing.ts'),
    edited(place, 0).offset,
    place,
  );
  return listed ? `${ms} ${cpuMs}` : 'NaN NaN';
}

function ts6Latency(pkg: string, placeIndex: number, edits: number, colds: number): Latency {
  const place = PLACES[placeIndex]!;
  const file = join(pkg, 'consumer', 'typing.ts');
  const colds6 = Array.from({ length: colds }, () => ts6Cold(pkg, placeIndex));
  const coldTimes = colds6.map(([ms]) => ms);
  let listed = coldTimes.every((t) => !Number.isNaN(t));
  const session = ts6Session(pkg, place);
  // a language server that has been running a while: its code is warm, as in an editor after some typing
  for (let i = 1; i <= WARM_UP; i++) {
    session.setText(edited(place, -i).text);
    complete6(session.service, file, edited(place, -i).offset, place);
  }
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 1; i <= edits; i++) {
    const { text, offset } = edited(place, i);
    session.setText(text);
    const [ms, cpuMs, ok] = complete6(session.service, file, offset, place);
    times.push(ms);
    cpuTimes.push(cpuMs);
    listed &&= ok;
  }
  return {
    coldMs: median(coldTimes),
    coldCpuMs: median(colds6.map(([, cpuMs]) => cpuMs)),
    editMedianMs: median(times),
    editP95Ms: p95(times),
    editCpuMedianMs: median(cpuTimes),
    editCpuP95Ms: p95(cpuTimes),
    listed,
  };
}

// --- TypeScript 7: the native language server over LSP ---------------------------------------------------

async function ts7Latency(pkg: string, place: Place, edits: number, colds: number): Promise<Latency> {
  const file = join(pkg, 'consumer', 'typing.ts');
  const uri = pathToFileURL(file).href;
  const coldTimes: number[] = [];
  const times: number[] = [];
  let listed = true;
  const names = (result: unknown) => {
    const items = (Array.isArray(result) ? result : ((result as { items?: unknown[] } | null)?.items ?? [])) as Array<{
      label: string;
      filterText?: string;
    }>;
    // optional members are labelled `name?`; the text typed to pick one is the name
    return new Set(items.map((i) => i.filterText ?? i.label));
  };
  for (let c = 0; c < colds; c++) {
    const client = new LspClient(pkg);
    try {
      await client.request('initialize', {
        processId: process.pid,
        rootUri: pathToFileURL(pkg).href,
        capabilities: { textDocument: { completion: { completionItem: { snippetSupport: false } } } },
        workspaceFolders: [{ uri: pathToFileURL(pkg).href, name: 'pkg' }],
      });
      client.notify('initialized', {});
      const { text, offset } = edited(place, 0);
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 0, text } });
      let started = performance.now();
      let result = await client.request('textDocument/completion', {
        textDocument: { uri },
        position: position(text, offset),
      });
      coldTimes.push(performance.now() - started);
      listed &&= place.expect.every((n) => names(result).has(n));
      if (c > 0) continue;
      for (let i = 1; i <= WARM_UP; i++) {
        const next = edited(place, -i);
        client.notify('textDocument/didChange', {
          textDocument: { uri, version: 1000 + i },
          contentChanges: [{ text: next.text }],
        });
        await client.request('textDocument/completion', {
          textDocument: { uri },
          position: position(next.text, next.offset),
        });
      }
      for (let i = 1; i <= edits; i++) {
        const next = edited(place, i);
        client.notify('textDocument/didChange', {
          textDocument: { uri, version: 2000 + i },
          contentChanges: [{ text: next.text }],
        });
        started = performance.now();
        result = await client.request('textDocument/completion', {
          textDocument: { uri },
          position: position(next.text, next.offset),
        });
        times.push(performance.now() - started);
        listed &&= place.expect.every((n) => names(result).has(n));
      }
    } finally {
      await client.close();
    }
  }
  return { coldMs: median(coldTimes), editMedianMs: median(times), editP95Ms: p95(times), listed };
}

// --- the bench -------------------------------------------------------------------------------------------

/** A copy of the sample package (generated/) with a consumer folder to type in. */
function samplePackage(work: string): string {
  const pkg = join(work, 'editor-package');
  // ERPGEN_BENCH_PACKAGE: another generated package (say, of an older commit) for before/after figures
  cpSync(process.env['ERPGEN_BENCH_PACKAGE'] ?? join(ROOT, 'generated'), pkg, { recursive: true });
  mkdirSync(join(pkg, 'consumer'), { recursive: true });
  writeFileSync(
    join(pkg, 'consumer', 'tsconfig.json'),
    JSON.stringify({ extends: '../tsconfig.json', include: ['typing.ts'] }),
  );
  return pkg;
}

export async function editorBench(work: string, runs: number): Promise<Row[]> {
  const pkg = samplePackage(work);
  const edits = 30;
  const colds = Math.max(3, runs);
  const rows: Row[] = [];
  const figure = (l: Latency) =>
    `after an edit ${l.editMedianMs.toFixed(0)} / ${l.editP95Ms.toFixed(0)} ms (median / p95 of ${edits}${l.editCpuMedianMs === undefined ? '' : `; CPU ${l.editCpuMedianMs.toFixed(0)} / ${l.editCpuP95Ms!.toFixed(0)} ms`}), cold ${l.coldMs.toFixed(0)} ms${l.coldCpuMs === undefined ? '' : ` (CPU ${l.coldCpuMs.toFixed(0)} ms)`}${l.listed ? '' : ', NAMES MISSING'}`;
  for (const [index, place] of PLACES.entries()) {
    const l = ts6Latency(pkg, index, edits, colds);
    rows.push({
      name: `TS ${ts.version} language service, ${place.name}`,
      value: figure(l),
      target: '<= 50 / 120 ms after an edit, <= 500 ms cold',
      ok: l.listed && l.editMedianMs <= 50 && l.editP95Ms <= 120 && l.coldMs <= 500,
    });
  }
  for (const place of PLACES) {
    const l = await ts7Latency(pkg, place, edits, colds);
    rows.push({ name: `TS 7 language server (LSP), ${place.name}`, value: figure(l) });
  }
  return rows;
}
