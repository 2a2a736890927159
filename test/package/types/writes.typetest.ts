// Type-level guarantees of verified writes and one outcome per transaction (API.md §12): the `verify` option takes
// true, false or 'strict' wherever a write takes it (a transaction, the client, an entity update, an item's
// appendOrUpdate, a window's save); each transaction's outcome is typed, and what was verified is there only once
// narrowed. Compiled by test/package/types.test.ts with TypeScript 7 and TypeScript 6.
import { ErpWriteNotAppliedError, ErpWriteUnverifiedError, type WriteMismatch } from '@acme/erp-schema';
import {
  createClient,
  ErpTransactionFailedError,
  type TransactionOutcome,
  type TransactionReport,
  type TransactionRequest,
  type Verification,
  type VerifyMode,
} from '@acme/erp-schema/client';
import { Order } from '@acme/erp-schema/transactions/Order';

const client = createClient({ baseUrl: 'http://127.0.0.1', auth: 'token', verify: 'strict' });
createClient({ baseUrl: 'http://127.0.0.1', auth: 'token', verify: false });
// @ts-expect-error verify is true, false or 'strict'
createClient({ baseUrl: 'http://127.0.0.1', auth: 'token', verify: 'always' });

const body = Order.request([Order.transaction().form('TABPAGE_1.order', { po_no: 'PO-1' })], {
  useCodeValues: false,
  ignoreDisabled: true,
});

export async function outcomes(): Promise<void> {
  const r: TransactionOutcome = await client.transaction(body, { verify: true });
  await client.transaction(body, { verify: 'strict' });
  await client.transactionAsync(body, { verify: false, intervalMs: 10 });
  // @ts-expect-error verify is true, false or 'strict'
  await client.transaction(body, { verify: 'yes' });

  const first: TransactionReport = r.transactions[0]!;
  const status: 'passed' | 'failed' | 'unknown' = first.status;
  // @ts-expect-error an outcome may be unknown (an async result given as text only): not only passed or failed
  const twoWays: 'passed' | 'failed' = first.status;
  const keys: Readonly<Record<string, string>> = first.keys;
  const messages: readonly string[] = first.messages;
  // @ts-expect-error verified is false until narrowed (not read back, or not passed)
  void first.verified.fields;
  if (first.verified) {
    const v: Verification = first.verified;
    const compared: number = v.fields;
    const notApplied: readonly WriteMismatch[] = v.notApplied;
    void [compared, notApplied];
  }
  // each failed transaction as a request of its own, to send again alone
  const again: readonly TransactionRequest[] = r.failed;
  for (const request of again) await client.transaction(request);
  void [status, twoWays, keys, messages];
}

export function errors(error: unknown): string | undefined {
  if (error instanceof ErpWriteNotAppliedError) {
    const [field] = error.fields;
    const kind: 'not-applied' | 'normalised' | undefined = field?.kind;
    // @ts-expect-error a mismatch's values are text
    const sent: number | undefined = field?.sent;
    // a transaction's error holds every outcome; another family's has none
    const result: TransactionOutcome | undefined = error.result;
    void [kind, sent, result];
    return field?.stored;
  }
  if (error instanceof ErpTransactionFailedError) return error.result?.failed[0]?.Name;
  if (error instanceof ErpWriteUnverifiedError) return error.result.transactions[0]?.status;
  return undefined;
}

export async function families(mode: VerifyMode): Promise<void> {
  await client.entity.customers.update({ CompanyId: 'ACME', CustomerId: 10, CreditLimit: 5 }, { verify: mode });
  // @ts-expect-error verify is true, false or 'strict'
  await client.entity.customers.update({ CompanyId: 'ACME', CustomerId: 10 }, { verify: 'on' });
  await client.inventory.parts.appendOrUpdate('WIDGET-001', { item: { ItemDesc: 'x' } }, { verify: 'strict' });
  await client.interactive.session(async (s) => {
    const w = await s.open(Order);
    await w.save({ verify: true });
    // @ts-expect-error verify is true, false or 'strict'
    await w.save({ verify: 1 });
    const cleanup: number | undefined = s.cleanupExpirationSeconds;
    void cleanup;
  });
}
