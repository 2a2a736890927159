// Transaction payloads: builders that produce exactly the wire JSON of POST /api/v2/transaction, typed by the
// service's definition. Unknown elements and fields do not compile (object literals and variables alike), a
// key named for an element must be in every row, List rows that the server would fold (equal keys, last one
// wins) are refused, values are written as the strings the service takes, identifiers too long for their
// column are refused and free text too long is truncated with a warning.
import type { FieldOverlay, FieldType } from './contract.js';
import { ErpError } from './errors.js';
import { decimalText, isDateText, localDateTime, plainNumber, type Decimal } from './literals.js';
import type { DidYouMean, OrProblem } from './messages.js';
import { hasOwn } from './object.js';
import { preview, redact } from './redact.js';
import {
  cutPlace,
  describeCut,
  recordCuts,
  recordService,
  type Edit,
  type TransactionGetRequest,
  type TransactionRequest,
  type TransactionResponse,
  type TransactionSet,
  type Truncation,
  type WireDataElement,
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
export class ErpTransactionBuildError extends ErpError {
  override name = 'ErpTransactionBuildError';
}

/**
 * Free text longer than its column, in a request sent with `truncate: 'error'`: refused before anything is sent.
 * Names the first such field (`cuts` holds them all); never the value.
 */
export class ErpTruncationError extends ErpTransactionBuildError {
  override name = 'ErpTruncationError';
  readonly service: string;
  readonly element: string;
  readonly field: string;
  readonly length: number;
  readonly maxLength: number;
  readonly cuts: readonly Truncation[];
  constructor(cuts: readonly [Truncation, ...Truncation[]]) {
    const [first] = cuts;
    const more = cuts.length - 1;
    super(
      `${cutPlace(first)}: ${first.length} characters, but its column holds ${first.maxLength}; refused before sending (truncate: 'error')${more ? `; ${more} more field${more > 1 ? 's' : ''} too long` : ''}`,
    );
    this.service = first.service;
    this.element = first.element;
    this.field = first.field;
    this.length = first.length;
    this.maxLength = first.maxLength;
    this.cuts = cuts;
  }
}

// --- types of the builders ---------------------------------------------------------------------------------

/** In code-value mode the codes are not known: fields with valid values take any string. */
type InMode<F, Codes extends boolean> = Codes extends true
  ? { readonly [K in keyof F]: [Exclude<F[K], undefined>] extends [string] ? string : F[K] }
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
  : { readonly [K in keyof F]?: F[K] | Inherited<K> };

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
type FieldsOf<Elements, El> = El extends keyof Elements ? Elements[El] : { readonly [field: string]: unknown };

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
  ? '' // keys not known yet (completing)
  : [Exclude<K, keyof F>] extends [never]
    ? [DisabledOf<K, F>] extends [never]
      ? [Exclude<Key, K>] extends [never]
        ? ''
        : `'${Exclude<Key, K> & string}' is missing: a write keyed on it needs it in every row`
      : `'${DisabledOf<K, F> & string}' of ${El} is disabled on this server (erpgen.config.json)`
    : NotAField<Exclude<K, keyof F>, El, keyof F>;

/** The fields a row must have: those erpgen.config.json `definitions` makes required (required properties of F). */
type MustGive<F> = { [P in keyof F]-?: {} extends Pick<F, P> ? never : P }[keyof F];

/**
 * Fields erpgen.config.json `definitions` says this server requires: every new row (no keys) must give each. A
 * row without one is told `Property 'po_no' is missing ... but required in type 'RequiredOnThisServer<"po_no">'`
 * (a property, not a message replacing the row's type, so that completing a row that is not finished yet still
 * offers its fields).
 */
export type RequiredOnThisServer<P extends PropertyKey> = { readonly [K in P]-?: unknown };

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
} & { readonly [P in NoInfer<Key> & keyof NoInfer<F>]-?: Exclude<F[P], undefined> };

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
export type FieldValues<F> = { readonly [K in keyof F]?: string };

/** Key values of a record to read back: some fields of the element. */
type KeyValues<F> = { readonly [K in keyof F]?: string | number | Inherited<K> };

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

// --- values ------------------------------------------------------------------------------------------------

const DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?)?$/;

/** The string the service takes for a value of this field type. */
function wireValue(value: unknown, type: FieldType, what: string): string {
  if (value === null || value === undefined)
    throw new ErpTransactionBuildError(`${what}: no value (leave the field out instead)`);
  if (type === 'Decimal' || type === 'Long' || type === 'Number') {
    if (type === 'Long' && typeof value === 'number' && !Number.isInteger(value))
      throw new ErpTransactionBuildError(`${what}: ${value} is not a whole number`);
    const text = decimalText(value, what);
    if (text !== undefined) return text;
    throw new ErpTransactionBuildError(`${what}: ${JSON.stringify(value)} is not a number`);
  }
  if (type === 'Datetime') {
    // the server's Datetime has no zone: a Date is sent as its local day and wall-clock time (see
    // localDateTime for why); a local midnight is a day, as the real payloads send it
    if (value instanceof Date) {
      const local = localDateTime(value);
      if (!local)
        throw new ErpTransactionBuildError(
          `${what}: ${Number.isNaN(value.getTime()) ? 'an invalid Date' : 'a Date outside the years 0000-9999'}`,
        );
      return local.midnight ? local.date : `${local.date}T${local.time}`;
    }
    if (typeof value === 'string' && DATE.test(value) && isDateText(value.slice(0, 10))) return value;
    throw new ErpTransactionBuildError(`${what}: ${JSON.stringify(value)} is not a date (a Date or YYYY-MM-DD)`);
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return plainNumber(value, what);
  throw new ErpTransactionBuildError(`${what}: ${JSON.stringify(value)} is not text`);
}

/** The first `max` UTF-16 code units of `text`, one fewer where the last would be half a surrogate pair. */
function cut(text: string, max: number): string {
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

// --- the builder -------------------------------------------------------------------------------------------

const mustGiveOf = new WeakMap<ElementDescriptor, readonly string[]>();

/** The fields erpgen.config.json `definitions` makes required in new rows of an element (worked out once). */
function mustGive(element: ElementDescriptor): readonly string[] {
  let names = mustGiveOf.get(element);
  if (!names) {
    names = Object.entries(element.fields)
      .filter(([, f]) => f.overlay?.required === true)
      .map(([name]) => name);
    mustGiveOf.set(element, names);
  }
  return names;
}

/** How much of a cut value a warning shows: enough to recognise it, too little to carry a record's text. */
const CUT_PREVIEW = 16;

class TransactionBuilder {
  readonly cuts: Truncation[] = [];
  private readonly elements: WireDataElement[] = [];
  /** rows inserted (no keys), per element: what missingRequired() looks at */
  private readonly inserted: Array<{ element: string; fields: Set<string> }> = [];

  private readonly service: ServiceDescriptor;
  readonly codeValues: boolean;
  constructor(service: ServiceDescriptor, codeValues: boolean) {
    this.service = service;
    this.codeValues = codeValues;
  }

  get warnings(): string[] {
    return this.cuts.map(describeCut);
  }

  form(element: string, edits: Record<string, unknown>, options?: { keys: readonly string[] }): this {
    return this.add(element, 'Form', [edits], options?.keys ?? []);
  }

  list(element: string, rows: ReadonlyArray<Record<string, unknown>>, options?: { keys: readonly string[] }): this {
    if (!Array.isArray(rows))
      throw new ErpTransactionBuildError(`${this.service.name} ${element}: list() takes an array of rows`);
    return this.add(element, 'List', rows, options?.keys ?? []);
  }

  private add(
    name: string,
    type: 'Form' | 'List',
    rows: ReadonlyArray<Record<string, unknown>>,
    keys: readonly string[],
  ): this {
    const where = `${this.service.name} ${name}`;
    const element = hasOwn(this.service.elements, name) ? this.service.elements[name] : undefined;
    if (!element) throw new ErpTransactionBuildError(`${where}: no such data element in service ${this.service.name}`);
    if (element.type !== type)
      throw new ErpTransactionBuildError(
        `${where}: a ${element.type} element, so use ${element.type === 'Form' ? 'form()' : 'list()'}`,
      );
    if (this.elements.some((e) => e.Name === name))
      throw new ErpTransactionBuildError(`${where}: given twice in one transaction; put all its rows in one call`);
    for (const key of keys)
      if (!hasOwn(element.fields, key))
        throw new ErpTransactionBuildError(`${where}: key ${JSON.stringify(key)} is not a field of the element`);
    if (new Set(keys).size !== keys.length) throw new ErpTransactionBuildError(`${where}: a key is named twice`);
    const seen = new Map<string, number>();
    const wireRows = rows.map((row, index) => {
      const at = rows.length > 1 ? `${where} row ${index + 1}` : where;
      if (row === null || typeof row !== 'object')
        throw new ErpTransactionBuildError(`${at}: a row is an object of field values`);
      for (const key of keys)
        if (!hasOwn(row, key) || row[key] === undefined)
          throw new ErpTransactionBuildError(`${at}: key ${key} missing (every row must carry every key)`);
      const edits: Edit[] = [];
      for (const [field, value] of Object.entries(row)) {
        if (value === undefined) continue;
        const descriptor = hasOwn(element.fields, field) ? element.fields[field] : undefined;
        if (!descriptor)
          throw new ErpTransactionBuildError(`${at}: ${JSON.stringify(field)} is not a field of the element`);
        if (descriptor.overlay?.disabled)
          throw new ErpTransactionBuildError(
            `${at}: ${JSON.stringify(field)} is disabled on this server (erpgen.config.json definitions): leave it out`,
          );
        const place = { element: name, field, ...(rows.length > 1 ? { row: index + 1 } : {}) };
        edits.push({ Name: field, Value: this.value(value, descriptor, `${at}.${field}`, place) });
      }
      // T8: the server folds List rows that agree on their keys into one, keeping the last; without Keys it folds
      // rows that agree on the definition's KeyFields. Refused rather than lose rows.
      const foldKeys = keys.length ? keys : type === 'List' ? element.keyFields : [];
      const foldValues = foldKeys.map((k) => edits.find((e) => e.Name === k)?.Value);
      if (foldKeys.length && !foldValues.includes(undefined)) {
        const identity = JSON.stringify(foldValues);
        const earlier = seen.get(identity);
        if (earlier !== undefined) {
          const values = foldKeys.map((k, i) => `${k}=${foldValues[i]}`).join(', ');
          throw new ErpTransactionBuildError(
            keys.length
              ? `${where}: rows ${earlier + 1} and ${index + 1} have equal keys (${values}); the service would keep only the last`
              : `${where}: rows ${earlier + 1} and ${index + 1} agree on the element's key fields (${values}); the service folds them and keeps only the last, even without keys`,
          );
        }
        seen.set(identity, index);
      }
      if (!keys.length) {
        const given = new Set(edits.map((e) => e.Name));
        for (const field of mustGive(element))
          if (!given.has(field))
            throw new ErpTransactionBuildError(
              `${at}: ${JSON.stringify(field)} is missing: required on this server in a new row (erpgen.config.json definitions)`,
            );
        this.inserted.push({ element: name, fields: given });
      }
      return { Edits: edits, RelativeDateEdits: [] as never[] };
    });
    this.elements.push({ Name: name, Type: type, Keys: [...keys], Rows: wireRows });
    return this;
  }

  private value(
    value: unknown,
    field: FieldDescriptor,
    what: string,
    place: Pick<Truncation, 'element' | 'field' | 'row'>,
  ): string {
    if (field.validValues && !this.codeValues) {
      // a display label, whatever the field's DataType: the service decodes it
      if (typeof value !== 'string' || !field.validValues.includes(value)) {
        throw new ErpTransactionBuildError(
          `${what}: ${JSON.stringify(value)} is not one of its valid values (${field.validValues.map((v) => JSON.stringify(v)).join(', ')}); send a display label, or build with { useCodeValues: true }`,
        );
      }
      // the server stores the label's code, not the label: the column's length does not measure it ('OFF' is N)
      return value;
    }
    let text = wireValue(value, field.type, what);
    // an nvarchar(n) holds n UTF-16 code units, as `.length` counts them: an astral character (😀, 𠮷) takes two
    if (field.maxLength !== undefined && text.length > field.maxLength) {
      const length = text.length;
      if (field.identifier)
        throw new ErpTransactionBuildError(
          `${what}: ${length} characters, but its column holds ${field.maxLength}: an identifier is never cut`,
        );
      const sent = cut(text, field.maxLength);
      this.cuts.push({
        service: this.service.name,
        ...place,
        length,
        sentLength: sent.length,
        maxLength: field.maxLength,
        preview: preview(text, redact, CUT_PREVIEW),
      });
      text = sent;
    }
    return text;
  }

  missingRequired(): string[] {
    const missing: string[] = [];
    for (const { element, fields } of this.inserted) {
      for (const [name, field] of Object.entries(this.service.elements[element]!.fields)) {
        if (field.required && !fields.has(name))
          missing.push(`${element}.${name}${field.label ? ` (${field.label})` : ''}`);
      }
    }
    return missing;
  }

  toJSON(): WireTransaction {
    return {
      Status: 'New',
      DataElements: this.elements.map((e) => ({
        ...e,
        Keys: [...e.Keys],
        Rows: e.Rows.map((r) => ({ Edits: [...r.Edits], RelativeDateEdits: [] })),
      })),
    };
  }
}

/** `defineService<Forms, Lists>(descriptor)`: the element and field types come from the generated interfaces. */
export function defineService<Forms, Lists>(descriptor: ServiceDescriptor): Service<Forms, Lists> {
  const frozen = Object.freeze(descriptor);
  return Object.freeze({
    descriptor: frozen,
    transaction: (options?: { useCodeValues: boolean }) =>
      new TransactionBuilder(frozen, options?.useCodeValues ?? false),
    request(
      transactions: readonly unknown[],
      options: { useCodeValues: boolean; ignoreDisabled?: boolean },
    ): TransactionRequest {
      if (!Array.isArray(transactions) || transactions.length === 0)
        throw new ErpTransactionBuildError(`${frozen.name}: request() needs at least one transaction`);
      for (const t of transactions) {
        if (!(t instanceof TransactionBuilder) || (t as unknown as { service: ServiceDescriptor }).service !== frozen) {
          throw new ErpTransactionBuildError(
            `${frozen.name}: request() takes transactions built by ${frozen.name}.transaction()`,
          );
        }
        if (t.codeValues !== Boolean(options.useCodeValues)) {
          throw new ErpTransactionBuildError(
            `${frozen.name}: a transaction built with useCodeValues ${t.codeValues} sent with useCodeValues ${Boolean(options.useCodeValues)}`,
          );
        }
      }
      const request: TransactionRequest = {
        Name: frozen.name,
        UseCodeValues: Boolean(options.useCodeValues),
        ...(options.ignoreDisabled !== undefined ? { IgnoreDisabled: options.ignoreDisabled } : {}),
        Transactions: transactions.map((t) => (t as TransactionBuilder).toJSON()),
      };
      recordCuts(
        request,
        transactions.flatMap((t) => (t as TransactionBuilder).cuts),
      );
      recordService(request, frozen);
      return request;
    },
    records(from: TransactionResponse | TransactionSet, element: string): Array<Record<string, string>> {
      if (!hasOwn(frozen.elements, element))
        throw new ErpTransactionBuildError(`${frozen.name} ${element}: no such data element`);
      // a write's answer and a read's transaction set hold rows alike: Name, Rows of Edits
      type Read = { readonly Name: string; readonly Rows: ReadonlyArray<{ readonly Edits: readonly Edit[] }> };
      const transactions: ReadonlyArray<{ readonly DataElements?: readonly Read[] | undefined }> =
        from !== null && typeof from === 'object' && 'Transactions' in from
          ? from.Transactions
          : ((from as TransactionResponse | null)?.Results?.Transactions ?? []);
      const rows: Array<Record<string, string>> = [];
      for (const transaction of transactions)
        for (const data of transaction.DataElements ?? [])
          if (data.Name === element)
            for (const row of data.Rows) {
              const record: Record<string, string> = {};
              // defined, not assigned: a field may be named `__proto__`
              for (const edit of row.Edits)
                Object.defineProperty(record, edit.Name, {
                  value: edit.Value,
                  enumerable: true,
                  writable: true,
                  configurable: true,
                });
              rows.push(record);
            }
      return rows;
    },
    get(element: string, ...records: Array<Record<string, string | number>>): TransactionGetRequest {
      const descriptor = hasOwn(frozen.elements, element) ? frozen.elements[element] : undefined;
      if (!descriptor) throw new ErpTransactionBuildError(`${frozen.name} ${element}: no such data element`);
      // public captures: keying transaction/get on a List element fails; its rows come with their Form's record
      if (descriptor.type === 'List')
        throw new ErpTransactionBuildError(
          `${frozen.name} ${element}: a List element cannot be read by its keys (the service fails it); read its record by the keys of a Form element`,
        );
      if (records.length === 0)
        throw new ErpTransactionBuildError(
          `${frozen.name} ${element}: get() needs the key values of at least one record`,
        );
      const states = records.map((keys) => {
        const entries = Object.entries(keys).filter(([, v]) => v !== undefined);
        if (entries.length === 0)
          throw new ErpTransactionBuildError(
            `${frozen.name} ${element}: get() needs at least one key value per record`,
          );
        const edits = entries.map(([name, value]) => {
          const field = hasOwn(descriptor.fields, name) ? descriptor.fields[name] : undefined;
          if (!field)
            throw new ErpTransactionBuildError(
              `${frozen.name} ${element}: ${JSON.stringify(name)} is not a field of the element`,
            );
          return { Name: name, Value: wireValue(value, field.type, `${frozen.name} ${element}.${name}`) };
        });
        return { DataElementName: element, Keys: edits };
      });
      return { ServiceName: frozen.name, TransactionStates: states };
    },
  }) as unknown as Service<Forms, Lists>;
}
