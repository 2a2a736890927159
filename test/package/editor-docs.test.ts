// Docs under the cursor, as an editor shows them (TypeScript 6 language service, ts-morph): filter accessors,
// the columns of select/orderBy functions, Form and List fields and read-back records carry their column's or
// field's docs, and a query's hover names the object and the selected columns instead of every column's kind.
// The column names select('‸') completes are asked of TypeScript 7's language server too.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Project, ts } from 'ts-morph';
import { beforeAll, describe, expect, it } from 'vitest';
import { LspClient, position } from '../support/lsp.js';
import { ROOT } from '../support/paths.js';

const PACKAGE = join(ROOT, 'generated');
const FILE = join(PACKAGE, 'editor-docs-probe.ts');
const CUSTOMER = "import { query } from './index.js';\nimport { customer } from './tables/customer.js';\n";
const ORDER = "import { Order } from './transactions/Order.js';\n";

let project: Project;
let service: ts.LanguageService;
beforeAll(() => {
  // the file lives only in memory: nothing is written into the package
  project = new Project({ tsConfigFilePath: join(PACKAGE, 'tsconfig.json'), skipAddingFilesFromTsConfig: true });
  service = project.getLanguageService().compilerObject;
});

/** `‸` marks the cursor. */
function at(code: string): number {
  project.createSourceFile(FILE, code.replace('‸', ''), { overwrite: true });
  return code.indexOf('‸');
}

function hover(code: string): { display: string; docs: string } {
  const info = service.getQuickInfoAtPosition(FILE, at(code));
  return {
    display: ts.displayPartsToString(info?.displayParts),
    docs: ts.displayPartsToString(info?.documentation),
  };
}

function completionDocs(code: string, name: string): string {
  const position = at(code);
  const entry = service.getCompletionsAtPosition(FILE, position, {})?.entries.find((e) => e.name === name);
  expect(entry, `${name} is offered`).toBeDefined();
  const details = service.getCompletionEntryDetails(FILE, position, name, {}, entry!.source, {}, entry!.data);
  return ts.displayPartsToString(details?.documentation);
}

describe('docs under the cursor', () => {
  it('a filter accessor shows its column like the row property does', () => {
    const row = hover(
      "import type { CustomerRow } from './tables/customer.js';\ndeclare const r: CustomerRow;\nr.credit_l‸imit;",
    );
    expect(row.docs).toMatch(/^Edm\.Decimal\(19,\d\), nullable$/);
    const accessor = hover(`${CUSTOMER}query(customer).filter((c) => c.credit_l‸imit.gt(1));`);
    expect(accessor.docs).toBe(row.docs);
    expect(accessor.display).toContain('credit_limit');
  });

  it('completion of c. in a filter documents each column', () => {
    expect(completionDocs(`${CUSTOMER}query(customer).filter((c) => c.‸);`, 'credit_limit')).toMatch(/^Edm\.Decimal/);
    expect(completionDocs(`${CUSTOMER}query(customer).filter((c) => c.‸);`, 'customer_id')).toMatch(/key, not null/);
  });

  it('completion in a select or orderBy function documents each column, as in a filter', () => {
    const filter = completionDocs(`${CUSTOMER}query(customer).filter((c) => c.‸);`, 'credit_limit');
    expect(completionDocs(`${CUSTOMER}query(customer).select((c) => [c.‸]);`, 'credit_limit')).toBe(filter);
    expect(completionDocs(`${CUSTOMER}query(customer).orderBy((c) => c.‸);`, 'credit_limit')).toBe(filter);
    expect(completionDocs(`${CUSTOMER}query(customer).select((c) => c.‸);`, 'customer_id')).toMatch(/key, not null/);
    expect(hover(`${CUSTOMER}query(customer).select((c) => [c.credit_l‸imit]);`).docs).toMatch(/^Edm\.Decimal/);
  });

  it("select('‸') and orderBy('‸') complete every column name, and a name that is no column is refused naming it", () => {
    // (the empty string being typed is no column either: its message is offered too)
    const names = (code: string) =>
      (service.getCompletionsAtPosition(FILE, at(code), {})?.entries ?? [])
        .map((e) => e.name)
        .filter((name) => !name.endsWith('is not a column of customer'))
        .sort();
    const columns = names(`${CUSTOMER}query(customer).filter((c) => c.‸);`);
    expect(columns).toContain('credit_limit');
    expect(names(`${CUSTOMER}query(customer).select('‸');`)).toEqual(columns);
    expect(names(`${CUSTOMER}query(customer).select('customer_id', '‸');`)).toEqual(columns);
    expect(names(`${CUSTOMER}query(customer).select((c) => c.customer_id, '‸');`)).toEqual(columns);
    expect(names(`${CUSTOMER}query(customer).orderBy('‸');`)).toEqual(columns);
    // the signature that lists them still refuses a wrong one, in the argument's own error
    at(`${CUSTOMER}query(customer).select('customer_id', 'credit_limt');`);
    const errors = service
      .getSemanticDiagnostics(FILE)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("'credit_limt' is not a column of customer (did you mean credit_limit?)");
  });

  it("select('‸') and orderBy('‸') complete every column name under TypeScript 7 (its language server) too", async () => {
    const columns = (
      service.getCompletionsAtPosition(FILE, at(`${CUSTOMER}query(customer).filter((c) => c.‸);`), {})?.entries ?? []
    ).map((e) => e.name);
    const client = new LspClient(PACKAGE);
    try {
      const root = pathToFileURL(PACKAGE).href;
      await client.request('initialize', { processId: process.pid, rootUri: root, capabilities: {} });
      client.notify('initialized', {});
      const uri = pathToFileURL(FILE).href;
      const names = async (code: string, version: number) => {
        const text = code.replace('‸', '');
        if (version === 0)
          client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version, text } });
        else client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
        const result = (await client.request('textDocument/completion', {
          textDocument: { uri },
          position: position(text, code.indexOf('‸')),
        })) as { items?: Array<{ label: string }> } | Array<{ label: string }> | null;
        const items = Array.isArray(result) ? result : (result?.items ?? []);
        return items
          .map((i) => i.label)
          .filter((name) => !name.endsWith('is not a column of customer'))
          .sort();
      };
      expect(columns).toContain('credit_limit');
      expect(await names(`${CUSTOMER}query(customer).select('‸');`, 0)).toEqual([...columns].sort());
      expect(await names(`${CUSTOMER}query(customer).select('customer_id', '‸');`, 1)).toEqual([...columns].sort());
      expect(await names(`${CUSTOMER}query(customer).select((c) => c.customer_id, '‸');`, 2)).toEqual(
        [...columns].sort(),
      );
      expect(await names(`${CUSTOMER}query(customer).orderBy('‸');`, 3)).toEqual([...columns].sort());
    } finally {
      await client.close();
    }
  });

  it('Form and List fields are documented in completion and hover', () => {
    expect(completionDocs(`${ORDER}Order.transaction().form('TABPAGE_1.order', { ‸ });`, 'po_no')).toContain(
      'Column oe_hdr.po_no',
    );
    expect(completionDocs(`${ORDER}Order.transaction().list('TP_ITEMS.items', [{ ‸ }]);`, 'unit_quantity')).toContain(
      'Column oe_line.unit_quantity',
    );
    expect(hover(`${ORDER}Order.transaction().form('TABPAGE_1.order', { po_‸no: 'x' });`).docs).toContain(
      'Column oe_hdr.po_no',
    );
  });

  it("a UDT update's changes complete the table's columns, documented, and not row_uid", () => {
    const code = `import { createClient } from './client.js';\nimport { udt_pallet } from './tables/udt_pallet.js';\ncreateClient({ baseUrl: 'http://127.0.0.1', auth: 'token' }).udt.update(udt_pallet, { ‸ }, { row_uid: 1 });`;
    expect(completionDocs(code, 'weight')).toMatch(/^Edm\.Decimal\(19,4\), nullable$/);
    const position = at(code);
    const names = service.getCompletionsAtPosition(FILE, position, {})?.entries.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['pallet_id', 'location_id', 'weight', 'note']));
    expect(names).not.toContain('row_uid');
  });

  it('a record read back documents its fields', () => {
    const docs = hover(
      `${ORDER}declare const answer: import('./client.js').TransactionResponse;\nOrder.records(answer, 'TABPAGE_1.order')[0]?.po_‸no;`,
    ).docs;
    expect(docs).toContain('Column oe_hdr.po_no');
  });

  it("a query's hover names the object and the selected columns, not every column's kind", () => {
    const { display } = hover(`${CUSTOMER}export const ‸q = query(customer).select('customer_id', 'credit_limit');`);
    expect(display).toContain('CustomerKinds');
    expect(display).toContain('Pick<CustomerRow, "customer_id" | "credit_limit">');
    expect(display).not.toMatch(/"decimal"|"string"/);
    expect(display.split('\n')).toHaveLength(1);
  });
});
