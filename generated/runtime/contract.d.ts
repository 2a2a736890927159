/** The `DataType`s a transaction field can have (`Number` appears in real report definitions). */
export declare const FIELD_TYPES: readonly ['Char', 'Decimal', 'Long', 'Datetime', 'Number'];
/** A field's `DataType` in the definition; `null`: not given. */
export type FieldType = (typeof FIELD_TYPES)[number] | null;
/**
 * The kind of a field of a REST record (rest/fields.ts): its type, the check its answers pass, its `$query`
 * operations. `!`: always present and never null (key fields, `ObjectName`); the others may be absent or null. The
 * generated `user-defined-fields` module types the user-defined fields of the records with these.
 */
export type FieldKind = 'text!' | 'int!' | 'text' | 'int' | 'decimal' | 'yesNo' | 'bool';
/** What the generated package gives its client: the kinds of the user-defined fields, by table, then by field. */
export type UserDefinedFieldKinds = Readonly<Record<string, Readonly<Record<string, FieldKind>>>>;
/** Report services (`m_*`) run through POST /api/v2/process/pdfreport, not POST /api/v2/transaction. */
export declare function isReportService(name: string): boolean;
/** What a generated module describes: a table, a view or a transaction service. */
export type ModuleKind = 'table' | 'view' | 'service';
/**
 * Where the module of an object or service lives in the generated package, without extension: its file
 * (`tables/<stem>.ts`, or `.js` and `.d.ts`) and its export subpath (`<package>/tables/<stem>`).
 */
export declare function modulePath(kind: ModuleKind, stem: string): string;
/**
 * The values the generated package's entries define beside the runtime's exports (index.ts, client-api.ts): the
 * index's `query` and the client entry's `createClient`, made with the package's settings, and the settings,
 * `userDefinedFields` and `provenance`, which the client entry re-exports. With the runtime's exports, these are the
 * names no value derived from a server name takes, so that no generated value shadows the API.
 */
export declare const ENTRY_VALUES: readonly string[];
/**
 * erpgen.config.json `definitions`: service -> data element -> field -> what this server does that its definition
 * does not say. `disabled: true`: the server refuses the column (`Column is disabled: company_id`), so writing it
 * does not compile; `required`: overrides the definition's `Required` flag (true: a new row must give it).
 */
export type DefinitionsOverlay = Readonly<
  Record<string, Readonly<Record<string, Readonly<Record<string, FieldOverlay>>>>>
>;
/** What erpgen.config.json `definitions` says of one field (see DefinitionsOverlay). */
export interface FieldOverlay {
  readonly disabled?: boolean;
  readonly required?: boolean;
}
