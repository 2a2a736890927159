import type { FieldType } from './contract.js';
import { ErpError } from './errors.js';
import type { TransactionGetRequest, TransactionRequest, WireTransaction } from './transaction-wire.js';
/** A field's `DataType` in the definition (contract.ts). */
export type { FieldType };
/** A number, or a numeric string (exact, for long decimals). */
export type NumericValue = number | `${number}`;
/** A Date, or a date string `YYYY-MM-DD` (optionally with a time). */
export type DateValue = Date | `${number}-${number}-${number}${string}`;
export interface FieldDescriptor {
  readonly type: FieldType;
  /** the column's $MaxLength, where `DbColumnName` names a column of the snapshot's tables */
  readonly maxLength?: number;
  /** key fields, `*_id`, `*_no`: refused when too long, never truncated */
  readonly identifier?: true;
  /** the definition marks it required (window metadata: the server does not always need it) */
  readonly required?: true;
  /** the display labels the field takes unless code values are sent */
  readonly validValues?: readonly string[];
  /** the label, for messages */
  readonly label?: string;
}
export interface ElementDescriptor {
  readonly type: 'Form' | 'List';
  /** the definition's KeyFields: the usual keys */
  readonly keyFields: readonly string[];
  readonly fields: Readonly<Record<string, FieldDescriptor>>;
}
export interface ServiceDescriptor {
  readonly name: string;
  readonly elements: Readonly<Record<string, ElementDescriptor>>;
}
/** A payload problem found before sending: an unknown element or field, a missing key, folded rows, a bad value. */
export declare class ErpTransactionBuildError extends ErpError {
  name: string;
}
/** In code-value mode the codes are not known: fields with valid values take any string. */
type InMode<F, Codes extends boolean> = Codes extends true
  ? {
      readonly [K in keyof F]?: [Exclude<F[K], undefined>] extends [string] ? string : F[K];
    }
  : F;
/**
 * The edits of one row: only the element's fields (extra ones are `never`, which also catches them in
 * variables, where excess property checks do not apply), every chosen key present. `E` is inferred from the
 * argument alone: NoInfer keeps the checks from feeding back into the inference.
 */
type RowEdits<E, F, Key extends PropertyKey> = E &
  NoInfer<
    {
      readonly [P in Exclude<keyof E, keyof F>]: never;
    } & {
      readonly [P in Key & keyof F]-?: Exclude<F[P], undefined>;
    }
  >;
export interface KeyOptions<Key> {
  /**
   * The fields that identify existing rows: rows whose keys match are updated, the others inserted. None:
   * every row is inserted. (The definition's KeyFields are the usual keys; real payloads key on others too.)
   */
  readonly keys: readonly Key[];
}
/**
 * One transaction of a service: its data elements, in order. Atomic on the server. (Invariant parameters: a
 * transaction of one service is never one of another, and the compiler need not measure variance.)
 */
export interface Transaction<in out Forms, in out Lists, in out Codes extends boolean> {
  /** A Form element (one row). */
  form<
    El extends keyof Forms & string,
    E extends InMode<Forms[El], Codes>,
    const Key extends keyof Forms[El] & string = never,
  >(
    element: El,
    edits: RowEdits<E, Forms[El], Key>,
    options?: KeyOptions<Key>,
  ): Transaction<Forms, Lists, Codes>;
  /** A List element (rows). With keys, two rows with equal key values are refused: the server would keep only the last. */
  list<
    El extends keyof Lists & string,
    E extends InMode<Lists[El], Codes>,
    const Key extends keyof Lists[El] & string = never,
  >(
    element: El,
    rows: ReadonlyArray<RowEdits<E, Lists[El], Key>>,
    options?: KeyOptions<Key>,
  ): Transaction<Forms, Lists, Codes>;
  /** Free text cut to its column's length so far, e.g. `TABPAGE_1.order.po_no: cut from 61 to 50 characters`. */
  readonly warnings: readonly string[];
  /** Fields the definition marks required that new rows (no keys) leave out. Reports; the server decides. */
  missingRequired(): string[];
  /** The wire form of this transaction. */
  toJSON(): WireTransaction;
  /** type only */
  readonly codeValues: Codes;
}
/** Key values of a record to read back: some fields of the element. */
type KeyValues<F> = {
  readonly [K in keyof F]?: string | number;
};
export interface RequestOptions<Codes extends boolean> {
  /** send stored codes rather than display labels; must match how the transactions were built */
  readonly useCodeValues: Codes;
  /** skip disabled columns instead of failing; the service may then report success and write nothing: read back */
  readonly ignoreDisabled?: boolean;
}
export interface Service<in out Forms, in out Lists> {
  readonly descriptor: ServiceDescriptor;
  /** A new transaction; `{ useCodeValues: true }` when its values are codes rather than display labels. */
  transaction(): Transaction<Forms, Lists, false>;
  transaction<const Codes extends boolean>(options: {
    readonly useCodeValues: Codes;
  }): Transaction<Forms, Lists, Codes>;
  /** Exactly the wire JSON of POST /api/v2/transaction for these transactions. */
  request<Codes extends boolean>(
    transactions: ReadonlyArray<Transaction<Forms, Lists, Codes>>,
    options: RequestOptions<Codes>,
  ): TransactionRequest;
  /** The body of POST /api/v2/transaction/get: reads rows back by their key values, one state per record. */
  get<El extends (keyof Forms | keyof Lists) & string>(
    element: El,
    ...records: [
      KeyValues<El extends keyof Forms ? Forms[El] : El extends keyof Lists ? Lists[El] : never>,
      ...Array<KeyValues<El extends keyof Forms ? Forms[El] : El extends keyof Lists ? Lists[El] : never>>,
    ]
  ): TransactionGetRequest;
}
/** `defineService<Forms, Lists>(descriptor)`: the element and field types come from the generated interfaces. */
export declare function defineService<Forms, Lists>(descriptor: ServiceDescriptor): Service<Forms, Lists>;
