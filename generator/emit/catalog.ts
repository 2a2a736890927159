// catalog.ts: the names of every table and view, and where each generated one lives. Data only: importing
// it never makes an editor load the row modules.
import type { ObjectNames } from '../model/naming.js';
import { modulePath, type PlannedObject } from '../model/plan.js';
import type { Surface } from '../model/schema.js';
import { GENERATED_HEADER } from './row-module.js';
import { arrayLiteral, docComment, objectLiteralKey, stringLiteral } from './ts-source.js';

function byName(a: PlannedObject, b: PlannedObject): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function record(entries: readonly PlannedObject[], value: (e: PlannedObject) => string): string {
  if (entries.length === 0) return '{}';
  return `{\n${entries.map((e) => `  ${objectLiteralKey(e.name)}: ${value(e)},\n`).join('')}}`;
}

export function emitCatalog(
  entries: readonly PlannedObject[],
  services: ReadonlyArray<readonly [string, ObjectNames]>,
): string {
  const sorted = [...entries].sort(byName);
  const generated = (surface: Surface) => sorted.filter((e) => e.surface === surface && !e.omitted);
  const omitted = (reason: string) => sorted.filter((e) => e.omitted?.reason === reason);
  return (
    `${GENERATED_HEADER}\n\n` +
    docComment(["Tables in this package: server name to module subpath (`import ... from '<package>/<subpath>'`)."]) +
    `export const tables = ${record(generated('table'), (e) => stringLiteral(modulePath(e)))} as const;\n\n` +
    docComment(['Views in this package: server name to module subpath.']) +
    `export const views = ${record(generated('view'), (e) => stringLiteral(modulePath(e)))} as const;\n\n` +
    docComment(['Transaction services in this package: service name to module subpath.']) +
    `export const services = ${
      services.length
        ? `{\n${services.map(([name, n]) => `  ${objectLiteralKey(name)}: ${stringLiteral(`transactions/${n.stem}`)},\n`).join('')}}`
        : '{}'
    } as const;\n\n` +
    docComment([
      'User-defined tables in this package (`udt_*`). `client.udt` updates and deletes rows of those with a `row_uid`',
      'column (their row type has it); a table made on 26.1 has `udt_{name}_uid` instead, and the UDT service cannot reach its rows.',
    ]) +
    arrayLiteral(
      'export const userDefinedTables = ',
      generated('table')
        .filter((e) => e.name.startsWith('udt_'))
        .map((e) => stringLiteral(e.name)),
      ' as const;\n',
    ) +
    'export type TableName = keyof typeof tables;\n' +
    'export type ViewName = keyof typeof views;\n' +
    'export type ServiceName = keyof typeof services;\n\n' +
    docComment([
      'Objects the server lists that the service cannot serve: name to why, and where to read their data instead.',
    ]) +
    `export const unreachable = ${record(omitted('unreachable'), (e) => stringLiteral(e.omitted!.note))} as const;\n\n` +
    docComment([
      'Objects the server exposes that erpgen.config.json leaves out (`include` / `exclude`), as `surface/name`.',
    ]) +
    arrayLiteral(
      'export const excluded = ',
      omitted('excluded')
        .map((e) => `${e.surface}/${e.name}`)
        .sort()
        .map(stringLiteral),
      ' as const;',
    )
  );
}
