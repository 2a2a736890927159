// Every rule of the service's rule list (test/support/service-rules.ts) has a test that proves it end to end against
// the sandbox. A test declares the rules it proves in its title, and only there: a title that starts with the ids
// and a colon (`it('Q24: ...')`, `it('A1, A2: ...')`, `describe('X7: ...')`, which declares them for every test
// inside). Ids in comments, strings, escapes or other words of a title (a pallet named Q1, '%E0%A4') are not read:
// the titles are read from each file's syntax tree. A declaration counts only in a file that runs against the
// sandbox (in process, through the shared setup, or as `erpgen sandbox`), on a test that runs (not skipped).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';
import { SERVICE_RULES } from '../support/service-rules.js';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A leading `ID[, ID]...:` of a title: the rules it declares. */
const DECLARATION = /^\s*([A-Z]\d{1,2}(?:\s*,\s*[A-Z]\d{1,2})*)\s*:/;

/** One test or suite that declares rules. */
interface Declaration {
  readonly file: string;
  /** the titles from the outermost suite to the test */
  readonly path: readonly string[];
  readonly ids: readonly string[];
  /** skipped or a placeholder (`.skip`, `.todo`, `.fails`) */
  readonly inert: boolean;
  /** whether its file runs against the sandbox */
  readonly againstSandbox: boolean;
}

const TEST_FUNCTIONS = new Set(['it', 'test', 'describe', 'suite']);
const INERT = new Set(['skip', 'todo', 'fails', 'skipIf', 'runIf']);

/** `it`, `describe.skip`, `it.each(rows)`: the test function called and whether the call is inert */
function testCall(callee: ts.Expression): { name: string; inert: boolean } | undefined {
  let expression = callee;
  let inert = false;
  // it.each([...])('title', ...) calls the result of a call
  if (ts.isCallExpression(expression)) expression = expression.expression;
  while (ts.isPropertyAccessExpression(expression)) {
    if (INERT.has(expression.name.text)) inert = true;
    expression = expression.expression;
  }
  return ts.isIdentifier(expression) && TEST_FUNCTIONS.has(expression.text)
    ? { name: expression.text, inert }
    : undefined;
}

/** The text of a title argument up to its first substitution (a template's head): ids are declared there. */
function titleText(node: ts.Expression | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text;
  return undefined;
}

/** The declarations of one test file, with the suites' declarations passed down to the tests inside them. */
function declarations(file: string, text: string, againstSandbox: boolean): Declaration[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: Declaration[] = [];
  const visit = (node: ts.Node, path: readonly string[], inherited: readonly string[], inertAbove: boolean) => {
    if (ts.isCallExpression(node)) {
      const called = testCall(node.expression);
      const title = called ? titleText(node.arguments[0]) : undefined;
      if (called && title !== undefined) {
        const declared = DECLARATION.exec(title)?.[1]?.split(/\s*,\s*/) ?? [];
        const ids = [...inherited, ...declared];
        const inert = inertAbove || called.inert;
        const here = [...path, title];
        if (called.name === 'it' || called.name === 'test') {
          if (ids.length > 0) found.push({ file, path: here, ids, inert, againstSandbox });
          return;
        }
        node.arguments.slice(1).forEach((argument) => visit(argument, here, ids, inert));
        return;
      }
    }
    ts.forEachChild(node, (child) => visit(child, path, inherited, inertAbove));
  };
  visit(source, [], [], false);
  return found;
}

/**
 * A file that starts a sandbox: in process, through the shared setup (or its fixture, e2e.ts), or `erpgen sandbox`
 * as a process.
 */
const startsSandbox = (text: string) =>
  /from '(\.\.\/)+sandbox\/|support\/(sandbox|cli-sandbox|e2e)\.js'|'sandbox',/.test(text);

const ALL: readonly Declaration[] = testFiles(join(ROOT, 'test'))
  .filter((file) => !file.endsWith(join('package', 'rules.test.ts')))
  .flatMap((path) => {
    const text = readFileSync(path, 'utf8');
    return declarations(relative(ROOT, path), text, startsSandbox(text));
  });

/** rule id -> the tests that prove it (`file › suite › test`) */
export function proofs(): Map<string, string[]> {
  const map = new Map<string, string[]>(SERVICE_RULES.map(([id]) => [id, []]));
  for (const d of ALL)
    if (d.againstSandbox && !d.inert)
      for (const id of new Set(d.ids)) map.get(id)?.push([d.file, ...d.path].join(' › '));
  return map;
}

const RULES = new Map(SERVICE_RULES.map(([id, rule]) => [id, rule]));
const PROOFS = proofs();

describe('the service rules', () => {
  it('are 113, with distinct ids', () => {
    expect(SERVICE_RULES).toHaveLength(113);
    expect(RULES.size).toBe(113);
  });

  it('every id a title declares is a rule, and is declared on a test that runs against the sandbox', () => {
    const unknown = ALL.flatMap((d) => d.ids.filter((id) => !RULES.has(id)).map((id) => `${id} in ${d.file}`));
    expect(unknown).toEqual([]);
    const elsewhere = ALL.filter((d) => !d.againstSandbox).map((d) => `${d.file} › ${d.path.join(' › ')}`);
    expect(elsewhere).toEqual([]);
    const inert = ALL.filter((d) => d.inert).map((d) => `${d.file} › ${d.path.join(' › ')}`);
    expect(inert).toEqual([]);
  });

  // one test per rule, named with the tests that prove it: the run's report lists all 113 with their proofs
  for (const [id, rule] of SERVICE_RULES) {
    const by = PROOFS.get(id) ?? [];
    it(`${id} ${rule}\n      proven by: ${by.length > 0 ? by.join('\n                 ') : 'NOTHING'}`, () => {
      expect(by, `${id} has no test against the sandbox declaring it`).not.toEqual([]);
    });
  }
});
