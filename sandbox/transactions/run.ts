// Running a whole TransactionSet: each transaction is validated and, if it passes, written, in the order sent. They
// are independent (a failed one does not stop the next, and the next sees what the earlier ones wrote) and each is
// atomic: validation finishes before the first write, and the writes run as one unit of the store, so a value the
// database refuses halfway leaves nothing behind on any family. The answer is the service's envelope, HTTP 200 either
// way.
import type { ElementModel, ServiceModel } from './catalog.js';
import { WriteRefusedError } from './columns.js';
import type { TransactionBody, TransactionSetBody } from './payload.js';
import type { Store } from '../store.js';
import type { RecordStore, WrittenElement } from './store.js';
import { validateTransaction, type TransactionRules } from './validate.js';

/** Where a transaction set is written: the records, in the one store whose units make each transaction atomic. */
export interface TransactionTarget {
  readonly records: RecordStore;
  readonly store: Store;
  readonly rules: TransactionRules;
}

interface TransactionResult {
  readonly DataElements: readonly WrittenElement[];
  readonly Status: 'Passed' | 'Failed';
}

export interface TransactionResponse {
  /** one per transaction sent: `Transaction {n}:: ` and the reason it failed, if it did */
  readonly Messages: readonly string[];
  /** null when every transaction failed */
  readonly Results: { readonly Name: string; readonly Transactions: readonly TransactionResult[] } | null;
  readonly Summary: { readonly Succeeded: number; readonly Failed: number; readonly Other: number };
}

/** T16's text: a dialog left open in a pooled session by an earlier request. */
const RESPONSE_WINDOW = 'Unexpected response window: Send Email (a dialog was left open in a pooled session)';

/** A transaction that met the response window as an HTTP 500: the POST stops there, the transactions before it kept. */
export class ResponseWindowError extends Error {}

/**
 * `window()` says whether the next transaction meets the unexpected response window (T16): it then applies nothing
 * and fails (`envelope`), or the whole POST is answered with a 500 there (`500`; the transactions before it stay
 * applied: transactions in one POST are independent).
 */
export function runTransactionSet(
  service: ServiceModel,
  set: TransactionSetBody,
  { records, store, rules }: TransactionTarget,
  window: () => 'envelope' | '500' | undefined = () => undefined,
): TransactionResponse {
  const messages: string[] = [];
  const results: TransactionResult[] = [];
  set.transactions.forEach((transaction, i) => {
    const prefix = `Transaction ${i + 1}:: `;
    const met = window();
    if (met === '500') throw new ResponseWindowError(RESPONSE_WINDOW);
    if (met === 'envelope') {
      messages.push(`${prefix}General Exception: ${RESPONSE_WINDOW}`);
      results.push({ DataElements: [], Status: 'Failed' });
      return;
    }
    // a report service has no window to write: the server reports success and produces nothing
    if (service.report) {
      messages.push(prefix);
      results.push({ DataElements: [], Status: 'Passed' });
      return;
    }
    const validation = validateTransaction(service, set, transaction, rules);
    if (!validation.ok) {
      messages.push(prefix + validation.reason);
      results.push({ DataElements: [], Status: 'Failed' });
      return;
    }
    const plan = validation.plan;
    let written: WrittenElement[];
    try {
      written = store.atomically(() => records.apply(service, plan));
    } catch (error) {
      if (!(error instanceof WriteRefusedError)) throw error;
      messages.push(`${prefix}General Exception: ${error.message}`);
      results.push({ DataElements: [], Status: 'Failed' });
      return;
    }
    messages.push(prefix);
    results.push({ DataElements: written, Status: 'Passed' });
  });
  const succeeded = results.filter((r) => r.Status === 'Passed').length;
  const failed = results.length - succeeded;
  return {
    Messages: messages,
    Results: failed > 0 && succeeded === 0 ? null : { Name: service.name, Transactions: results },
    Summary: { Succeeded: succeeded, Failed: failed, Other: 0 },
  };
}

/**
 * An interactive save: the window's changed datawindows written as one transaction of the service, through the same
 * checks and the same records as a POST /transaction (values as the window holds them, so any value is taken as a
 * code or label; the Transaction API's required and disabled columns are its own setup, not the window's). A
 * datawindow holding every KeyField of its element is keyed on them (the main element names the record); the others
 * are the record's own rows. Answers the keys the server gave, element by element.
 */
export function writeWindow(
  service: ServiceModel,
  rows: ReadonlyMap<ElementModel, ReadonlyMap<string, string>>,
  target: TransactionTarget,
):
  | { readonly ok: true; readonly keys: Map<string, Map<string, string>> }
  | { readonly ok: false; readonly reason: string } {
  const transaction: TransactionBody = {
    status: 'New',
    dataElements: [...rows].map(([element, values]) => {
      const keyed =
        (element === service.main || element.type === 'List') &&
        element.keyFields.length > 0 &&
        element.keyFields.every((k) => (values.get(k) ?? '') !== '');
      return {
        name: element.name,
        type: element.type,
        keys: keyed ? element.keyFields : [],
        rows: [{ edits: [...values].map(([name, value]) => ({ name, value, ignoreIfEmpty: false })) }],
      };
    }),
  };
  const set: TransactionSetBody = {
    name: service.name,
    useCodeValues: true,
    ignoreDisabled: false,
    transactions: [transaction],
  };
  const rules = { ...target.rules, required: {}, disabled: {}, windowValues: true };
  const validation = validateTransaction(service, set, transaction, rules);
  if (!validation.ok) return validation;
  const plan = validation.plan;
  let written: WrittenElement[];
  try {
    written = target.store.atomically(() => target.records.apply(service, plan));
  } catch (error) {
    if (!(error instanceof WriteRefusedError)) throw error;
    return { ok: false, reason: error.message };
  }
  // the keys the server gave are the edits it answered beyond those sent
  const keys = new Map<string, Map<string, string>>();
  for (const element of written) {
    const sent = rows.get(service.elements.get(element.Name)!)!;
    const given = new Map(
      element.Rows.flatMap((r) => r.Edits)
        .filter((e) => !sent.has(e.Name))
        .map((e): [string, string] => [e.Name, e.Value]),
    );
    if (given.size > 0) keys.set(element.Name, given);
  }
  return { ok: true, keys };
}
