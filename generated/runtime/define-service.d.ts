import type { FieldOverlay, FieldType } from './contract.js';
import { ErpError } from './errors.js';
import { type Decimal } from './literals.js';
import type { DidYouMean, OrProblem } from './messages.js';
import {
  type TransactionGetRequest,
  type TransactionRequest,
  type TransactionResponse,
  type TransactionSet,
  type Truncation,
  type WireTransaction,
} from './transaction-wire.js';
/** A field's `DataType` in the definition (contract.ts). */
export type { FieldType };
/** What a Decimal field takes (literals.ts). */
export type { Decimal };
/** What a Long or Number field takes: a Decimal (a whole number for Long, checked when built). */
export type NumericValue = Decimal;
/** A Date, or a date string `YYYY-MM-DD` (optionally with a time). */
export type DateValue = Date | `${number}-${number}-${number}${string}`;
export interface FieldDescriptor {
  readonly type: FieldType;
  /** the column's $MaxLength, where `DbColumnName` names a column of the snapshot's tables */
  readonly maxLength?: number;
  /**
   * a Decimal field's column's $Scale, where `DbColumnName` names a column of the snapshot's tables: a verified write
   * takes a stored value as the one sent rounded only when it is rounded to these places
   */
  readonly scale?: number;
  /** key fields, `*_id`, `*_no`: refused when too long, never truncated */
  readonly identifier?: true;
  /** the definition marks it required (window metadata: the server does not always need it) */
  readonly required?: true;
  /** the display labels the field takes unless code values are sent */
  readonly validValues?: readonly string[];
  /** the label, for messages */
  readonly label?: string;
  /**
   * what erpgen.config.json `definitions` says of the field on this server: `disabled` (refused when written),
   * `required` (true: a new row must give it; either way it overrides the definition's flag in `required`)
   */
  readonly overlay?: FieldOverlay;
}
export interface ElementDescriptor {
  readonly type: 'Form' | 'List';
  /** the definition's KeyFields: the usual keys */
  readonly keyFields: readonly string[];
  /** the definition's DatawindowName: what an Interactive API change names (`DatawindowName`) for this element */
  readonly datawindowName?: string;
  readonly fields: Readonly<Record<string, FieldDescriptor>>;
}
export interface ServiceDescriptor {
  readonly name: string;
  readonly elements: Readonly<Record<string, ElementDescriptor>>;
}
/**
 * The type of a field disabled on this server (erpgen.config.json `definitions`): no value is one, so a row that
 * writes the field does not compile (the row's message says why). The field stays in the element's type for what
 * reads it (records(), get()).
 */
export interface DisabledOnThisServer {
  readonly 'disabled on this server (erpgen.config.json)': never;
}
/** A payload problem found before sending: an unknown element or field, a missing key, folded rows, a bad value. */
export declare class ErpTransactionBuildError extends ErpError {
  name: string;
}
/**
 * Free text longer than its column, in a request sent with `truncate: 'error'`: refused before anything is sent.
 * Names the first such field (`cuts` holds them all); never the value.
 */
export declare class ErpTruncationError extends ErpTransactionBuildError {
  name: string;
  readonly service: string;
  readonly element: string;
  readonly field: string;
  readonly length: number;
  readonly maxLength: number;
  readonly cuts: readonly Truncation[];
  constructor(cuts: readonly [Truncation, ...Truncation[]]);
}
/** In code-value mode the codes are not known: fields with valid values take any string. */
type InMode<F, Codes extends boolean> = Codes extends true
  ? {
      readonly [K in keyof F]: [Exclude<F[K], undefined>] extends [string] ? string : F[K];
    }
  : F;
/**
 * What every object has under a name through Object.prototype (`constructor: Function`, `toString(): string`,
 * ...). A row without a field named `constructor` still has one to the compiler, so where a row is compared
 * with the element's fields as a whole, a field with such a name must also accept what the prototype gives.
 * (The values a row really holds are checked key by key, own keys only: see RowProblem.)
 */
type Inherited<K> = K extends keyof Object ? Object[K] : never;
/**
 * The shape rows are inferred against: the element's fields, for completion and literal types. Fields disabled on
 * this server are left out, so that completion does not offer them (an element without any keeps the plain shape).
 */
type RowShape<F> = [DisabledOnThisServer] extends [F[keyof F]]
  ? {
      readonly [K in keyof F as [Exclude<F[K], undefined>] extends [DisabledOnThisServer] ? never : K]?:
        F[K] | Inherited<K>;
    }
  : {
      readonly [K in keyof F]?: F[K] | Inherited<K>;
    };
/** `'po_number' is not a field of TABPAGE_1.order (did you mean po_no?)`: the type an unknown field meets. */
type NotAField<P, El extends string, Fields> = `'${P & string}' is not a field of ${El}${DidYouMean<P, Fields, '_'>}`;
/**
 * What is wrong with the element name `El` given to form() / list(), as a message; `''` when nothing is. Only
 * worked out for one name: while the compiler infers or completes, `El` is a wide union (its constraint).
 */
type ElementProblem<El extends string, Own, Other, Kind extends string, OtherKind extends string> = [El] extends [
  keyof Own,
]
  ? ''
  : [keyof Own & string] extends [El]
    ? ''
    : [El] extends [keyof Other]
      ? `'${El}' is a ${OtherKind} element: use ${Lowercase<OtherKind>}()`
      : `'${El}' is not a ${Kind} element of this service${DidYouMean<El, keyof Own, '.'>}`;
/** The fields of element `El`; any field, unchecked, while the element itself is wrong (one error at a time). */
type FieldsOf<Elements, El> = El extends keyof Elements
  ? Elements[El]
  : {
      readonly [field: string]: unknown;
    };
/** Of the keys `K` a row gives, those disabled on this server. */
type DisabledOf<K, F> = {
  [P in K & keyof F]: [Exclude<F[P], undefined>] extends [DisabledOnThisServer] ? P : never;
}[K & keyof F];
/**
 * What is wrong with rows of keys `K`, as a message: a field unknown to the element, a field disabled on this
 * server, a key missing; else `''`. The keys are inferred from the rows (a variable too, where excess property
 * checks do not apply). Only the keys are inferred, never the row itself: rows of a list would be widened into one
 * union that gives each row the others' keys as optional `never`, which an inherited name like `constructor` never
 * fits.
 */
export type RowProblem<K extends string, F, El extends string, Key> = string extends K
  ? ''
  : [Exclude<K, keyof F>] extends [never]
    ? [DisabledOf<K, F>] extends [never]
      ? [Exclude<Key, K>] extends [never]
        ? ''
        : `'${Exclude<Key, K> & string}' is missing: a write keyed on it needs it in every row`
      : `'${DisabledOf<K, F> & string}' of ${El} is disabled on this server (erpgen.config.json)`
    : NotAField<Exclude<K, keyof F>, El, keyof F>;
/** The fields a row must have: those erpgen.config.json `definitions` makes required (required properties of F). */
type MustGive<F> = {
  [P in keyof F]-?: {} extends Pick<F, P> ? never : P;
}[keyof F];
/**
 * Fields erpgen.config.json `definitions` says this server requires: every new row (no keys) must give each. A
 * row without one is told `Property 'po_no' is missing ... but required in type 'RequiredOnThisServer<"po_no">'`
 * (a property, not a message replacing the row's type, so that completing a row that is not finished yet still
 * offers its fields).
 */
export type RequiredOnThisServer<P extends PropertyKey> = {
  readonly [K in P]-?: unknown;
};
/** What a row of a write adds to its edits: in a new row, the fields required on this server (cached: none). */
export type NewRow<F, Key> = [Key] extends [never]
  ? {} extends F
    ? unknown
    : RequiredOnThisServer<MustGive<F>>
  : unknown;
/**
 * The edits of one row of keys `K`: each a field of the element `F`, with a value of its type; every key
 * present. `F` is the method's type parameter, never inferred from a row (its default is the element's fields).
 */
export type Edits<K extends string, F, Key> = RowShape<NoInfer<F>> & {
  readonly [P in K]?: (P extends keyof F ? F[P] : never) | Inherited<P>;
} & {
  readonly [P in NoInfer<Key> & keyof NoInfer<F>]-?: Exclude<F[P], undefined>;
};
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
    El extends (keyof Forms & string) | (string & {}),
    K extends string,
    const Key extends keyof F & string = never,
    F = InMode<FieldsOf<Forms, El>, Codes>,
    ElementMistake extends string = ElementProblem<El, Forms, Lists, 'Form', 'List'>,
    RowMistake extends string = RowProblem<K, F, El, Key>,
  >(
    element: OrProblem<El, ElementMistake>,
    edits: OrProblem<Edits<K, F, Key> & NewRow<NoInfer<F>, NoInfer<Key>>, RowMistake>,
    options?: KeyOptions<Key>,
  ): Transaction<Forms, Lists, Codes>;
  /** A List element (rows). With keys, two rows with equal key values are refused: the server would keep only the last. */
  list<
    El extends (keyof Lists & string) | (string & {}),
    K extends string,
    const Key extends keyof F & string = never,
    F = InMode<FieldsOf<Lists, El>, Codes>,
    ElementMistake extends string = ElementProblem<El, Lists, Forms, 'List', 'Form'>,
    RowMistake extends string = RowProblem<K, F, El, Key>,
  >(
    element: OrProblem<El, ElementMistake>,
    rows: ReadonlyArray<OrProblem<Edits<K, F, Key> & NewRow<NoInfer<F>, NoInfer<Key>>, RowMistake>>,
    options?: KeyOptions<Key>,
  ): Transaction<Forms, Lists, Codes>;
  /** Free text cut to its column's length so far, e.g. `TABPAGE_1.order.po_no: cut from 61 to 50 characters`. */
  readonly warnings: readonly string[];
  /** The same cuts, by field and lengths; `client.transaction()` logs them and returns them as `warnings`. */
  readonly cuts: readonly Truncation[];
  /** Fields the definition marks required that new rows (no keys) leave out. Reports; the server decides. */
  missingRequired(): string[];
  /** The wire form of this transaction. */
  toJSON(): WireTransaction;
  /** type only */
  readonly codeValues: Codes;
}
/** A row read back: the element's fields by name, as the strings the server sent (mapped: each keeps its docs). */
export type FieldValues<F> = {
  readonly [K in keyof F]?: string;
};
/** Key values of a record to read back: some fields of the element. */
type KeyValues<F> = {
  readonly [K in keyof F]?: string | number | Inherited<K>;
};
export interface RequestOptions<Codes extends boolean> {
  /** send stored codes rather than display labels; must match how the transactions were built */
  readonly useCodeValues: Codes;
  /**
   * skip disabled columns instead of failing; the service may then report success and write nothing, so
   * `client.transaction()` reads such a request back by default (its `verify` option)
   */
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
  /**
   * The rows of one element in a write's answer (`client.transaction()`: e.g. the order number the server gave
   * a new order, `Order.records(result, 'TABPAGE_1.order')[0]?.order_no`) or in a read
   * (`client.transactionGet()`), each by field name, in the order the server sent them. Values are the
   * strings the server sent.
   */
  records<El extends (keyof Forms | keyof Lists) & string>(
    from: TransactionResponse | TransactionSet,
    element: El,
  ): Array<FieldValues<El extends keyof Forms ? Forms[El] : El extends keyof Lists ? Lists[El] : never>>;
  /**
   * The body of POST /api/v2/transaction/get: reads records back by the key values of a Form element, one state per
   * record (the whole record comes back, its List rows included). A List element does not compile: the service
   * fails a state keyed on one (public captures).
   */
  get<El extends keyof Forms & string>(
    element: El,
    ...records: [KeyValues<Forms[El]>, ...Array<KeyValues<Forms[El]>>]
  ): TransactionGetRequest;
}
/** `defineService<Forms, Lists>(descriptor)`: the element and field types come from the generated interfaces. */
export declare function defineService<Forms, Lists>(descriptor: ServiceDescriptor): Service<Forms, Lists>;
