// One outcome per transaction: the client's answer to a POST built from the server's, each transaction's status,
// messages and record keys, and the failed ones as requests of their own. Loaded with the Transaction API's family
// (not with the client: transaction-wire.ts, which the client entry shares, keeps only the wire's shapes).
import { hasOwn } from '../object.js';
import {
  recordService,
  serviceOf,
  type TransactionOutcome,
  type TransactionReport,
  type TransactionRequest,
  type TransactionResponse,
  type TransactionResult,
  type Truncation,
  type WireTransaction,
} from '../transaction-wire.js';
import type { ServiceDescriptor } from '../define-service.js';

const PREFIX = /^\s*Transaction\s+(\d+)\s*::\s?([\s\S]*)$/;

/** Each transaction's messages: `Transaction {n}:: text` is the n-th's; a message naming none is every one's. */
function messagesByTransaction(messages: readonly string[], count: number): string[][] {
  const per = Array.from({ length: count }, (): string[] => []);
  for (const message of messages) {
    const m = PREFIX.exec(message);
    const at = m ? Number(m[1]) - 1 : -1;
    if (m && at >= 0 && at < count) {
      if (m[2]!.trim() !== '') per[at]!.push(m[2]!.trim());
    } else for (const own of per) own.push(message);
  }
  return per;
}

function statusOf(response: TransactionResponse, index: number, count: number): TransactionReport['status'] {
  const result = response.Results?.Transactions[index];
  if (result !== undefined) return result.Status === 'Passed' ? 'passed' : 'failed';
  const { Succeeded, Failed, Other } = response.Summary;
  // no result: all failed (Results null), unless the answer counts them otherwise
  return Succeeded === 0 && Other === 0 && Failed >= count ? 'failed' : 'unknown';
}

/**
 * The key fields of the record a transaction wrote, and their element: a Form element sent whose keys are all known,
 * its keys those sent (`Keys`), else the definition's KeyFields (a request built by `Service.request()`), else the
 * fields the answer has that were not sent (the ones the server gave); each value from the answer (a key the server
 * gave), else as sent. The element that names the record is preferred: one the request keyed, then one whose keys
 * the server gave (a new record's number), then the first (a Form of lookups, such as a customer's, names another
 * table's row).
 */
export function recordKeys(
  sent: WireTransaction,
  answered: TransactionResult | undefined,
  service: ServiceDescriptor | undefined,
): { readonly element: string; readonly keys: Readonly<Record<string, string>> } | undefined {
  let best: { element: string; keys: Record<string, string>; rank: number } | undefined;
  for (const element of sent.DataElements) {
    if (element.Type !== 'Form') continue;
    const edits = element.Rows.flatMap((r) => r.Edits);
    const given = answered?.DataElements?.find((e) => e.Name === element.Name)?.Rows[0]?.Edits ?? [];
    const definition = service && hasOwn(service.elements, element.Name) ? service.elements[element.Name] : undefined;
    const names = element.Keys.length
      ? element.Keys
      : definition
        ? definition.keyFields
        : given.filter((g) => !edits.some((e) => e.Name === g.Name)).map((g) => g.Name);
    if (names.length === 0) continue;
    const keys: Record<string, string> = Object.create(null) as Record<string, string>;
    let fromAnswer = false;
    for (const name of names) {
      const answer = given.find((g) => g.Name === name)?.Value;
      const value = answer ?? [...edits].reverse().find((e) => e.Name === name)?.Value;
      if (value === undefined || value === '') break;
      fromAnswer ||= answer !== undefined && !edits.some((e) => e.Name === name);
      keys[name] = value;
    }
    if (Object.keys(keys).length !== names.length) continue;
    const rank = element.Keys.length ? 0 : fromAnswer ? 1 : 2;
    if (best === undefined || rank < best.rank) best = { element: element.Name, keys, rank };
  }
  return best && { element: best.element, keys: best.keys };
}

/** The client's answer: the server's, with each transaction's outcome (not verified yet) and the failed ones. */
export function outcomeOf(
  request: TransactionRequest,
  response: TransactionResponse,
  warnings: readonly Truncation[],
): TransactionOutcome {
  const count = request.Transactions.length;
  const messages = messagesByTransaction(response.Messages, count);
  const service = serviceOf(request);
  const transactions = request.Transactions.map((sent, index): TransactionReport => {
    const status = statusOf(response, index, count);
    const record = recordKeys(sent, response.Results?.Transactions[index], service);
    return {
      index,
      status,
      messages: messages[index]!,
      keys: record?.keys ?? {},
      keyElement: record?.element,
      verified: false,
    };
  });
  const { Transactions: _all, ...envelope } = request;
  const failed = transactions
    .filter((t) => t.status === 'failed')
    .map((t) => {
      const alone: TransactionRequest = { ...envelope, Transactions: [request.Transactions[t.index]!] };
      if (service) recordService(alone, service);
      return alone;
    });
  return { ...response, warnings, transactions, failed };
}
