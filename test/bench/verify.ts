// What a verified write costs: an Order of a header and 20 lines sent to the sandbox's Transaction API (one process,
// real HTTP on 127.0.0.1), unverified and verified (`verify: true`: the transaction read back through one
// POST /api/v2/transaction/get and compared field by field), alternately, so that both meet the same machine.
// Targets (issue 26): at most 1.5x the unverified call's wall time, exactly one request more per transaction.
import { createClient, tokenAuth, type TransactionRequest } from '@acme/erp-schema/client';
import { Order } from '@acme/erp-schema/transactions/Order';
import { PASSWORD, startSignedIn, USER } from '../support/sandbox.js';
import { median, spread, type Row } from './measure.js';

const LINES = 20;

function order(n: number): TransactionRequest {
  return Order.request(
    [
      Order.transaction()
        .form('TABPAGE_1.order', {
          customer_id: 100198,
          sales_loc_id: 10,
          po_no: `PO-BENCH-${n}`,
          order_date: new Date(2030, 0, 5),
          taker: 'JSMITH',
          job_name: `Bench job ${n}`,
        })
        .list(
          'TP_ITEMS.items',
          Array.from({ length: LINES }, (_, i) => ({
            oe_order_item_id: `WIDGET-${String(i + 1).padStart(3, '0')}`,
            unit_quantity: i + 1,
            unit_price: '12.5',
            extended_desc: `line ${i + 1}`,
          })),
        ),
    ],
    { useCodeValues: false },
  );
}

export async function verifyBench(runs: number): Promise<Row[]> {
  const sandbox = await startSignedIn({ rowsPerObject: 5 });
  try {
    const auth = tokenAuth({ baseUrl: sandbox.url, username: USER, password: PASSWORD });
    const client = createClient({ baseUrl: sandbox.url, auth, drift: 'off' });
    let n = 0;
    const call = async (verify: boolean) => {
      const request = order(++n);
      const before = sandbox.server.requests.length;
      const started = performance.now();
      const result = await client.transaction(request, { verify });
      const ms = performance.now() - started;
      if (verify && (result.transactions[0]!.verified === false || result.transactions[0]!.verified.notApplied.length))
        throw new Error('the verified write did not verify');
      return { ms, requests: sandbox.server.requests.length - before };
    };
    // the token, the router and both paths' first use are not what is measured
    await call(false);
    await call(true);
    const plain: Array<{ ms: number; requests: number }> = [];
    const verified: Array<{ ms: number; requests: number }> = [];
    for (let i = 0; i < runs; i++) {
      plain.push(await call(false));
      verified.push(await call(true));
    }
    const ratio = median(verified.map((v) => v.ms)) / median(plain.map((p) => p.ms));
    const extra = new Set(verified.map((v, i) => v.requests - plain[i]!.requests));
    return [
      {
        name: `an Order of ${LINES} lines, unverified`,
        value: `${spread(
          plain.map((p) => p.ms),
          'ms',
        )}, ${plain[0]!.requests} request(s)`,
      },
      {
        name: `the same, verified (read back and compared)`,
        value: `${spread(
          verified.map((v) => v.ms),
          'ms',
        )}, ${verified[0]!.requests} request(s)`,
      },
      { name: 'verified / unverified wall time', value: `${ratio.toFixed(2)}x`, target: '<= 1.5x', ok: ratio <= 1.5 },
      {
        name: 'requests more per transaction, verified',
        value: [...extra].join(', '),
        target: 'exactly 1',
        ok: extra.size === 1 && extra.has(1),
      },
    ];
  } finally {
    await sandbox.server.close();
  }
}
