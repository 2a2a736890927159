// The repository's import graph, read from the TypeScript syntax of each file (TypeScript 6, as ts-morph bundles
// it: the native compiler has no JS API), and the two checks import-rules.ts asks of it: no cycle, between files
// or between folders, and no import against a stated direction. A type-only import (`import type`, `export
// type ... from`) is no edge: it is erased, so it neither loads a module nor orders a program's start.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { ts } from 'ts-morph';

/** One import of a module by another, both as paths from the repository's root (`generator/cli.ts`). */
export interface Edge {
  readonly from: string;
  readonly to: string;
  /** `import()`: loaded on first use, not when the importer loads */
  readonly lazy: boolean;
  /** erased at run time: `import type`, `export type ... from` */
  readonly typeOnly: boolean;
}

/** The `.ts` files under `folders` of `root`, as posix paths from `root`, sorted. */
function sourceFiles(root: string, folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = posix.join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const folder of folders) walk(folder);
  return files.sort();
}

/** The relative imports of one file's text (a package's import is no edge of the repository's graph). */
export function importsOf(path: string, text: string): Edge[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edges: Edge[] = [];
  const add = (specifier: ts.Expression | undefined, lazy: boolean, typeOnly: boolean): void => {
    if (!specifier || !ts.isStringLiteralLike(specifier) || !specifier.text.startsWith('.')) return;
    const to = posix.normalize(posix.join(posix.dirname(path), specifier.text)).replace(/\.js$/, '.ts');
    edges.push({ from: path, to, lazy, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      add(node.moduleSpecifier, false, clause?.isTypeOnly === true);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, false, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], true, false);
    } else if (ts.isImportTypeNode(node)) {
      // `typeof import('./x.js')` in a type: erased
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument)) add(argument.literal, true, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** The edges of the files under `folders` of `root`. */
export function importGraph(root: string, folders: readonly string[]): Edge[] {
  return sourceFiles(root, folders).flatMap((file) => importsOf(file, readFileSync(join(root, file), 'utf8')));
}

/** The strongly connected components of more than one node (or a node that imports itself), each sorted. */
export function cycles(edges: ReadonlyArray<{ readonly from: string; readonly to: string }>): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, []);
    if (!next.has(to)) next.set(to, []);
    next.get(from)!.push(to);
  }
  // Tarjan's algorithm, iterative so that a long chain does not overflow the stack
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let counter = 0;
  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue;
    const work: Array<[string, number]> = [[start, 0]];
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const [node, at] = top;
      if (at === 0) {
        index.set(node, counter);
        low.set(node, counter++);
        stack.push(node);
        onStack.add(node);
      }
      const targets = next.get(node)!;
      if (at < targets.length) {
        top[1] = at + 1;
        const target = targets[at]!;
        if (!index.has(target)) work.push([target, 0]);
        else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0])!, low.get(node)!));
      if (low.get(node) === index.get(node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || targets.includes(node)) found.push(component.sort());
      }
    }
  }
  return found.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/**
 * The cycles between folders: for each import, the two children of the folder that holds both files (a file
 * directly in it, or the subfolder that holds the file), at every level of the tree; a cycle among a folder's
 * children that holds a subfolder. `generator/emit/row-module.ts` importing `generator/model/naming.ts` is the
 * edge `generator/emit/` -> `generator/model/`; `generator/stages.ts` importing it, `generator/stages.ts` ->
 * `generator/model/`. Cycles among files alone are cycles() of the files.
 */
export function folderCycles(edges: ReadonlyArray<{ readonly from: string; readonly to: string }>): string[][] {
  const between = edges.flatMap(({ from, to }) => {
    const a = from.split('/');
    const b = to.split('/');
    let common = 0;
    while (common < a.length - 1 && common < b.length - 1 && a[common] === b[common]) common++;
    const child = (parts: string[]): string =>
      parts.slice(0, common + 1).join('/') + (parts.length > common + 1 ? '/' : '');
    const [x, y] = [child(a), child(b)];
    return x === y ? [] : [{ from: x, to: y }];
  });
  return cycles(between).filter((cycle) => cycle.some((node) => node.endsWith('/')));
}
