import type { FieldKind, UserDefinedFieldKinds } from '../contract.js';
import type { Decimal, DecimalText } from '../literals.js';
/**
 * A decimal as the service wrote it (`"12.500000000"`): exact, every decimal place kept. Turn it into a number
 * only where rounding to a double does not matter; compare and add with a decimal library where it does. A write
 * takes it back as it is (it is a Decimal).
 */
export type DecimalString = DecimalText;
/** `Y` or `N`, the service's flags. */
export type YesNo = 'Y' | 'N';
export interface KindType {
  'text!': string;
  'int!': number;
  text: string | null;
  int: number | null;
  decimal: DecimalString | null;
  yesNo: YesNo | null;
  bool: boolean | null;
}
/**
 * What a write takes for each kind: a decimal as a number (`5000`) or its exact text (`'5000.10'`); either is sent
 * as a JSON number made from its exact text, never through a rounding step of the client's.
 */
export interface WriteKindType extends Omit<KindType, 'decimal'> {
  decimal: Decimal | null;
}
type Present = 'text!' | 'int!';
export type Simplify<T> = {
  [K in keyof T]: T[K];
} & {};
/** The record type of a field map: `!` fields required, the others optional and nullable. */
export type FieldsOf<D extends Readonly<Record<string, FieldKind>>> = Simplify<
  {
    [K in keyof D as D[K] extends Present ? K : never]: KindType[D[K]];
  } & {
    [K in keyof D as D[K] extends Present ? never : K]?: KindType[D[K]];
  }
>;
/** The fields a write of a record takes: as FieldsOf, a decimal as a number or its text. */
export type WriteFieldsOf<D extends Readonly<Record<string, FieldKind>>> = Simplify<
  {
    [K in keyof D as D[K] extends Present ? K : never]: WriteKindType[D[K]];
  } & {
    [K in keyof D as D[K] extends Present ? never : K]?: WriteKindType[D[K]];
  }
>;
/**
 * The user-defined fields of an extension table, from their kinds: all optional. A field named like a member of
 * Object (`constructor`, `toString`) reads that member where the record lacks it, and TypeScript checks an object
 * literal against that member: its type says so.
 */
export type UserFieldsOf<D extends Readonly<Record<string, FieldKind>>> = {
  -readonly [K in keyof D]?: KindType[D[K]] | (K extends keyof Object ? Object[K] : never);
};
/** What a write of the user-defined fields takes: as UserFieldsOf, a decimal as a number or its text. */
export type UserFieldWritesOf<D extends Readonly<Record<string, FieldKind>>> = {
  -readonly [K in keyof D]?: WriteKindType[D[K]] | (K extends keyof Object ? Object[K] : never);
};
/** The `UserDefinedFields` of a record whose table has no extension table in the snapshot: an open record. */
export type UserDefinedFields = Readonly<Record<string, unknown>>;
/** The nested objects a `get` may ask for: a list of the record's, or `'*'` for all of them. */
export type ExtendedProperties<X> = '*' | readonly (keyof X & string)[];
type Requested<X, P> = P extends '*' ? keyof X : P extends readonly (infer N)[] ? N : never;
/**
 * A record: its fields, `UserDefinedFields` (`U`: typed where the snapshot has the table's extension table), and
 * each nested object present when requested (or `A` as well: an entity's may be null though asked for), else null.
 */
export type RestRecord<F, X, P = readonly [], U = UserDefinedFields, A = never> = Simplify<
  F & {
    UserDefinedFields?: U;
  } & {
    [K in keyof X]: K extends Requested<X, P> ? X[K] | A : null;
  }
>;
/**
 * The user-defined fields of each table that has an extension table (`customer_ud` for `customer`) in the
 * snapshot the package was generated from: the generated `user-defined-fields` module adds one member per such
 * table (module augmentation), typed from the extension table's columns, all optional.
 */
export interface UserDefinedFieldTypes {}
/** The same, as a write takes them (the generated module adds one member per table, as to UserDefinedFieldTypes). */
export interface UserDefinedFieldWriteTypes {}
/** The `UserDefinedFields` of a record of `Table`: typed from the snapshot where it has them, else open. */
export type UserDefinedFieldsOf<Table extends string> = Table extends keyof UserDefinedFieldTypes
  ? UserDefinedFieldTypes[Table]
  : UserDefinedFields;
/** The `UserDefinedFields` a write of a record of `Table` takes. */
export type UserDefinedFieldWritesOf<Table extends string> = Table extends keyof UserDefinedFieldWriteTypes
  ? UserDefinedFieldWriteTypes[Table]
  : UserDefinedFields;
export type { UserDefinedFieldKinds } from '../contract.js';
/** The kinds of `table`'s user-defined fields, when the snapshot has its extension table. */
export declare function userFieldKinds(
  context: {
    readonly userDefinedFields: UserDefinedFieldKinds;
  },
  table: string,
): Readonly<Record<string, FieldKind>> | undefined;
/** A nested object or collection whose fields the service documents do not show. */
export type Nested = Readonly<Record<string, unknown>> | readonly unknown[];
/** Where an answer departs from the documented shape: the path and what was wrong. */
export declare class ShapeIssue extends Error {
  readonly path: string;
  readonly problem: string;
  constructor(path: string, problem: string);
}
/** Checks a value (at `path`) and gives it back normalised (decimals as their text), or throws a ShapeIssue. */
export type Check = (value: unknown, path: string) => unknown;
/**
 * A record: its fields by kind, its children (required or nullable), its user-defined fields by kind where the
 * snapshot typed them (`udf`), any other field kept as it came.
 */
export declare function recordCheck(
  fields: Readonly<Record<string, FieldKind>>,
  children?: Readonly<
    Record<
      string,
      {
        readonly check: Check;
        readonly required: boolean;
      }
    >
  >,
  udf?: Readonly<Record<string, FieldKind>>,
): Check;
/** An array of values that each pass `entry`. */
export declare function arrayCheck(entry: Check): Check;
/** A child collection, `{list: [...]}`. */
export declare function listCheck(entry: Check): Check;
/** Any object. */
export declare const objectCheck: Check;
/** An object or an array: a nested value whose shape is not documented. */
export declare const nestedCheck: Check;
/**
 * Where a record's decimals are, for writing them: its decimal fields, and the records nested in it by field (an
 * object, an array, or a `{list: [...]}` collection of them).
 */
export interface WriteShape {
  readonly decimals: ReadonlySet<string>;
  readonly nested?: Readonly<Record<string, WriteShape>>;
}
/** The write shape of a field map, with its nested records and its user-defined fields' kinds. */
export declare function writeShape(
  fields: Readonly<Record<string, FieldKind>>,
  nested?: Readonly<Record<string, WriteShape>>,
  udf?: Readonly<Record<string, FieldKind>>,
): WriteShape;
