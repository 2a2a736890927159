// Verified transactions: every passed transaction of a POST read back (one POST /api/v2/transaction/get for them
// all, one state per record, named by its Form element's keys) and compared with what it sent, field by field
// (write-check.ts says how). The documents: with `IgnoreDisabled: true` a transaction "may return `Succeeded: 1` and
// write nothing, so always read back"; hence on by default for such a request.
//
// What is compared with what: a Form element's fields with the one row read (its rows sent, the last value of a
// field winning, as the server applies them); a List row with the row read that has its keys (the request's Keys,
// else the element's KeyFields), else with the row read that holds most of its values (a row inserted without keys:
// its line number is the server's). An element sent that the read does not hold was not written.
import { ErpWriteUnverifiedError, type WriteMismatch } from '../errors.js';
import type { FamilyContext } from '../family.js';
import { hasOwn } from '../object.js';
import { overlayLine } from '../overlay-line.js';
import type { ElementDescriptor, ServiceDescriptor } from '../define-service.js';
import {
  serviceOf,
  type Edit,
  type TransactionOutcome,
  type TransactionGetRequest,
  type TransactionReport,
  type TransactionRequest,
  type TransactionSet,
  type Verification,
  type WireDataElement,
} from '../transaction-wire.js';
import { compareValue, settle, type FieldFacts, type VerifyMode } from '../write-check.js';

type Row = ReadonlyMap<string, string>;

const rowOf = (edits: readonly Edit[]): Map<string, string> => new Map(edits.map((e) => [e.Name, e.Value]));

function factsOf(element: ElementDescriptor | undefined, field: string, codes: boolean): FieldFacts {
  const f = element && hasOwn(element.fields, field) ? element.fields[field] : undefined;
  if (!f) return {};
  const kind =
    f.type === 'Decimal' || f.type === 'Long' || f.type === 'Number'
      ? 'decimal'
      : f.type === 'Datetime'
        ? 'datetime'
        : f.type === 'Char'
          ? 'text'
          : undefined;
  return {
    ...(kind ? { kind } : {}),
    ...(f.scale !== undefined ? { scale: f.scale } : {}),
    ...(f.validValues ? { labels: f.validValues, codes } : {}),
  };
}

/** The rows sent of one element, as the server applies them: a Form's rows are one row, later values winning. */
function sentRows(element: WireDataElement): Row[] {
  const rows = element.Rows.map((r) => rowOf(r.Edits));
  return element.Type === 'Form' ? [new Map(rows.flatMap((r) => [...r]))] : rows;
}

/** The row read that a List row sent was written to: by its keys, else the one holding most of its values. */
function matchRow(
  sent: Row,
  keys: readonly string[],
  stored: readonly Row[],
  claimed: Set<Row>,
  facts: (field: string) => FieldFacts,
): Row | undefined {
  const same = (row: Row, field: string) =>
    compareValue(sent.get(field)!, row.get(field), facts(field)).verdict === 'same';
  if (keys.length > 0 && keys.every((k) => sent.has(k)))
    return stored.find((row) => !claimed.has(row) && keys.every((k) => same(row, k)));
  let best: Row | undefined;
  let score = 0;
  for (const row of stored) {
    if (claimed.has(row)) continue;
    const n = [...sent.keys()].filter((field) => same(row, field)).length;
    if (n > score) [best, score] = [row, n];
  }
  return best;
}

/** One passed transaction compared with its record as read. */
function compare(
  request: TransactionRequest,
  index: number,
  read: TransactionSet['Transactions'][number] | undefined,
  service: ServiceDescriptor | undefined,
): Verification {
  const found: WriteMismatch[] = [];
  let fields = 0;
  for (const element of request.Transactions[index]!.DataElements) {
    const definition = service && hasOwn(service.elements, element.Name) ? service.elements[element.Name] : undefined;
    const facts = (field: string) => factsOf(definition, field, request.UseCodeValues);
    const stored = (read?.DataElements ?? [])
      .filter((e) => e.Name === element.Name)
      .flatMap((e) => e.Rows.map((r) => rowOf(r.Edits)));
    const keys = element.Keys.length ? element.Keys : (definition?.keyFields ?? []);
    const claimed = new Set<Row>();
    const rows = sentRows(element);
    rows.forEach((sent, i) => {
      const row = element.Type === 'Form' ? stored[0] : matchRow(sent, keys, stored, claimed, facts);
      if (row) claimed.add(row);
      for (const [field, value] of sent) {
        fields++;
        const verdict = compareValue(value, row?.get(field), facts(field));
        if (verdict.verdict === 'same') continue;
        found.push({
          service: request.Name,
          element: element.Name,
          ...(rows.length > 1 ? { row: i + 1 } : {}),
          field,
          sent: value,
          stored: row?.get(field) ?? '',
          kind: verdict.verdict,
          ...(verdict.how ? { how: verdict.how } : {}),
        });
      }
    });
  }
  return {
    fields,
    normalised: found.filter((m) => m.kind === 'normalised'),
    notApplied: found.filter((m) => m.kind === 'not-applied'),
  };
}

/**
 * Reads back every passed transaction of `outcome` (one request) and compares it: the outcome with each one's
 * `verified`. A failed transaction of the same POST is reported first (settleVerified comes after), so that its
 * error's `result` shows whether the passed ones landed.
 */
export async function verifyOutcome(
  context: FamilyContext,
  request: TransactionRequest,
  outcome: TransactionOutcome,
  read: (get: TransactionGetRequest) => Promise<TransactionSet>,
): Promise<TransactionOutcome> {
  const passed = outcome.transactions.filter((t) => t.status === 'passed');
  if (passed.length === 0) return outcome;
  const unnamed = passed.find((t) => t.keyElement === undefined);
  if (unnamed)
    throw new ErpWriteUnverifiedError(
      `${request.Name}: transaction ${unnamed.index + 1} passed, but it cannot be read back: neither the request nor the answer gives the keys of a Form element it wrote (send its keys, or verify: false); it was applied once: do not send it again`,
      outcome,
    );
  const get: TransactionGetRequest = {
    ServiceName: request.Name,
    TransactionStates: passed.map((t) => ({
      DataElementName: t.keyElement!,
      Keys: Object.entries(t.keys).map(([Name, Value]) => ({ Name, Value })),
    })),
  };
  let set: TransactionSet;
  try {
    set = await read(get);
  } catch (error) {
    throw new ErpWriteUnverifiedError(
      `${request.Name}: the transaction passed, but reading it back failed (${context.http.redact(error instanceof Error ? error.message : String(error))}); it was applied once: do not send it again`,
      outcome,
      error,
    );
  }
  const service = serviceOf(request);
  const verified = new Map<number, Verification>();
  passed.forEach((t, i) => verified.set(t.index, compare(request, t.index, set.Transactions[i], service)));
  const transactions = outcome.transactions.map((t): TransactionReport => ({
    ...t,
    verified: verified.get(t.index) ?? false,
  }));
  return { ...outcome, transactions };
}

/**
 * What the read-back found, settled: differences of form logged (an error under 'strict'), fields not applied an
 * ErpWriteNotAppliedError whose `result` is the whole outcome.
 */
export function settleVerified(
  context: FamilyContext,
  request: TransactionRequest,
  result: TransactionOutcome,
  mode: VerifyMode,
): void {
  const read = result.transactions.filter((t) => t.verified !== false);
  const found = read.flatMap((t) => (t.verified ? [...t.verified.notApplied, ...t.verified.normalised] : []));
  const keys = read
    .map((t) =>
      Object.entries(t.keys)
        .map(([k, v]) => `${k}=${v}`)
        .join(', '),
    )
    .join('; ');
  try {
    settle(
      found,
      mode,
      {
        service: request.Name,
        info: { request: 'POST /api/v2/transaction', status: 200, object: request.Name },
        summary: `the transaction passed, but read back by ${keys}`,
        ...(request.IgnoreDisabled ? { hint: disabledHint(request.Name, found) } : {}),
      },
      (value) => context.http.show(value, 40),
      context.log,
    );
  } catch (error) {
    Object.defineProperty(error, 'result', { value: result, enumerable: false });
    throw error;
  }
}

/** With IgnoreDisabled, a field not applied is most likely a disabled column: the overlay line that says so. */
function disabledHint(service: string, found: readonly WriteMismatch[]): string {
  const skipped = found.filter((m) => m.kind === 'not-applied');
  if (skipped.length === 0) return '';
  return `The request set IgnoreDisabled, which skips a disabled column without a word: if ${skipped.length === 1 ? 'this field is' : 'these fields are'} disabled on this server, say so in erpgen.config.json and writing ${skipped.length === 1 ? 'it' : 'them'} becomes a compile error: ${overlayLine(
    service,
    skipped.map((m) => ({ element: m.element, field: m.field, fact: { disabled: true } })),
  )}`;
}
