// What the generator and the runtime must agree on, written once. The generator imports this module from
// erpgen's templates; the runtime uses it in every generated package. It imports nothing, so the runtime
// stays standalone.
/** The `DataType`s a transaction field can have (`Number` appears in real report definitions). */
export const FIELD_TYPES = ['Char', 'Decimal', 'Long', 'Datetime', 'Number'];
/** Report services (`m_*`) run through POST /api/v2/process/pdfreport, not POST /api/v2/transaction. */
export function isReportService(name) {
  return name.startsWith('m_');
}
const FOLDERS = { table: 'tables', view: 'views', service: 'transactions' };
/**
 * Where the module of an object or service lives in the generated package, without extension: its file
 * (`tables/<stem>.ts`, or `.js` and `.d.ts`) and its export subpath (`<package>/tables/<stem>`).
 */
export function modulePath(kind, stem) {
  return `${FOLDERS[kind]}/${stem}`;
}
/**
 * The values the generated package's entries define beside the runtime's exports (index.ts, client-api.ts): the
 * index's `query` and the client entry's `createClient`, made with the package's settings, and the settings,
 * `userDefinedFields` and `provenance`, which the client entry re-exports. With the runtime's exports, these are the
 * names no value derived from a server name takes, so that no generated value shadows the API.
 */
export const ENTRY_VALUES = ['query', 'createClient', 'userDefinedFields', 'provenance'];
