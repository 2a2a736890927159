// Running a whole TransactionSet: each transaction is validated and, if it passes, written, in the order sent. They
// are independent (a failed one does not stop the next, and the next sees what the earlier ones wrote) and each is
// atomic (validation finishes before the first write). The answer is the service's envelope, HTTP 200 either way.
import type { ServiceModel } from './transaction-catalog.js';
import type { TransactionSetBody } from './transaction-payload.js';
import type { TransactionStore, WrittenElement } from './transaction-store.js';
import { validateTransaction, type TransactionRules } from './transaction-validate.js';

export interface TransactionResult {
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

export function runTransactionSet(
  service: ServiceModel,
  set: TransactionSetBody,
  store: TransactionStore,
  rules: TransactionRules,
): TransactionResponse {
  const messages: string[] = [];
  const results: TransactionResult[] = [];
  set.transactions.forEach((transaction, i) => {
    const prefix = `Transaction ${i + 1}:: `;
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
    messages.push(prefix);
    results.push({ DataElements: store.apply(service, validation.plan), Status: 'Passed' });
  });
  const succeeded = results.filter((r) => r.Status === 'Passed').length;
  const failed = results.length - succeeded;
  return {
    Messages: messages,
    Results: failed > 0 && succeeded === 0 ? null : { Name: service.name, Transactions: results },
    Summary: { Succeeded: succeeded, Failed: failed, Other: 0 },
  };
}
