// The `definitions` overlay as types (docs/config-definitions.md): the sample generated with the overlay of
// test/fixtures/overlay/erpgen.config.json, in both forms (`js`: .d.ts, `ts`: sources), and the type tests of
// test/fixtures/overlay/overlay.typetest.ts compiled against it with TypeScript 7 and 6 (each `@ts-expect-error`
// must be an error); the messages a disabled or required field gives, under both compilers; and what an editor
// (the TypeScript 6 language service) offers in a row and shows of a field.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Project, ts } from 'ts-morph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config.js';
import { generatePackage } from '../../generator/generate-package.js';
import { ts6, tsc7 } from '../support/compilers.js';
import { compileMistakes, typesTsconfig, type Messages, type Mistake } from '../support/messages.js';
import { ROOT } from '../support/paths.js';

const FIXTURES = join(ROOT, 'test/fixtures/overlay');
// inside the repository's test folder, as test/.messages is: the compilers' settings come from test/package/types
const dir = join(ROOT, 'test', '.overlay');

const ORDER = "import { Order } from './overlay/transactions/Order.js';";
const MISTAKES: readonly Mistake[] = [
  {
    name: 'a disabled field written',
    code: `${ORDER}\nOrder.transaction().form('TABPAGE_1.order', { po_no: 'PO-1', company_id: 'ACME' });`,
    names: ["'company_id' of TABPAGE_1.order is disabled on this server (erpgen.config.json)"],
  },
];

/** TypeScript's own message for a property missing (a message type would cost completion: see RequiredOnThisServer) */
const REQUIRED: readonly Mistake[] = [
  {
    name: 'a field required on this server left out of a new row',
    code: `${ORDER}\nOrder.transaction().list('TP_ITEMS.items', [{ unit_price: 1 }, { oe_order_item_id: 'W-1' }]);`,
    names: ["Property 'unit_price' is missing in type", `but required in type 'RequiredOnThisServer<"unit_price">'`],
  },
  {
    name: 'left out of a new Form row, with code values',
    code: `${ORDER}\nOrder.transaction({ useCodeValues: true }).form('TABPAGE_1.order', { customer_id: 1 });`,
    names: ["Property 'po_no' is missing in type", `but required in type 'RequiredOnThisServer<"po_no">'`],
  },
];

/** the fixture's type test in `folder`, with a tsconfig of the type tests' settings */
function typetestProject(folder: string): string {
  cpSync(join(FIXTURES, 'overlay.typetest.ts'), join(folder, 'overlay.typetest.ts'));
  return typesTsconfig(folder, ['overlay.typetest.ts'], 'typetest.tsconfig.json');
}

let messages: Messages;
beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  const config = loadConfig({ config: join(FIXTURES, 'erpgen.config.json') }, ROOT);
  for (const emit of ['js', 'ts'] as const) {
    const folder = join(dir, emit);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
    await generatePackage({ ...config, emit, out: join(folder, 'overlay') });
  }
  messages = compileMistakes(join(dir, 'js'), [...MISTAKES, ...REQUIRED]);
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the overlay as types', () => {
  it('holds with TypeScript 7, .d.ts and .ts output', () => {
    expect(tsc7(typetestProject(join(dir, 'js')))).toBe('');
    expect(tsc7(typetestProject(join(dir, 'ts')))).toBe('');
  });

  it('holds with TypeScript 6', () => {
    expect(ts6(typetestProject(join(dir, 'js')))).toBe('');
  });

  describe.each([['TypeScript 7', 'ts7'] as const, ['TypeScript 6', 'ts6'] as const])('%s', (_, compiler) => {
    it.each(MISTAKES.map((m) => [m.name, m] as const))('%s: the message says why, in one short line', (_n, m) => {
      const text = messages[compiler].get(m.name);
      expect(text, 'the mistake must not compile').toBeDefined();
      const [first, ...rest] = text!.split('\n');
      for (const name of m.names) expect(first).toContain(name);
      expect(first).not.toMatch(/RowShape|NewRowProblem|DisabledOf|MustGive|NoInfer/);
      expect(rest).toEqual([]);
      expect(text!.length).toBeLessThanOrEqual(300);
    });
  });

  it.each(REQUIRED.map((m) => [m.name, m] as const))('%s: the field and why, under both compilers', (_n, m) => {
    for (const compiler of ['ts7', 'ts6'] as const) {
      const text = messages[compiler].get(m.name);
      expect(text, `${compiler}: the mistake must not compile`).toBeDefined();
      for (const name of m.names) expect(text, compiler).toContain(name);
    }
  });

  it("an editor leaves a disabled field out of a row's completion, and documents the overlay's fields", () => {
    const folder = join(dir, 'js');
    const project = new Project({ tsConfigFilePath: typetestProject(folder), skipAddingFilesFromTsConfig: true });
    const service = project.getLanguageService().compilerObject;
    const file = join(folder, 'editor-probe.ts');
    // a row being written: the field it must still give is offered first, the disabled one not at all
    const code = `${ORDER}\nOrder.transaction().form('TABPAGE_1.order', { customer_id: 1, ‸ });\n`;
    project.createSourceFile(file, code.replace('‸', ''), { overwrite: true });
    const position = code.indexOf('‸');
    const names = service.getCompletionsAtPosition(file, position, {})?.entries.map((e) => e.name) ?? [];
    expect(names[0]).toBe('po_no');
    expect(names).toContain('taker');
    expect(names).not.toContain('company_id');
    const docs = (name: string) =>
      ts.displayPartsToString(
        service.getCompletionEntryDetails(file, position, name, {}, undefined, {}, undefined)?.documentation,
      );
    expect(docs('po_no')).toMatch(
      /Required: true on this server \(erpgen\.config\.json definitions; the definition says false\)/,
    );
    expect(docs('taker')).toMatch(
      /Required: false on this server \(erpgen\.config\.json definitions; the definition says true\)\.$/,
    );
    // a read of it still finds it, documented
    const read = `${ORDER}\ndeclare const r: ReturnType<typeof Order.records<'TABPAGE_1.order'>>;\nr[0]?.compa‸ny_id;\n`;
    project.createSourceFile(file, read.replace('‸', ''), { overwrite: true });
    const hover = service.getQuickInfoAtPosition(file, read.indexOf('‸'));
    expect(ts.displayPartsToString(hover?.documentation)).toMatch(
      /Disabled on this server \(erpgen\.config\.json definitions/,
    );
  });
});
