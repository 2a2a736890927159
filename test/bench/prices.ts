// Bulk pricing: requests and wall time to price 5,000 items (500 distinct ones, each ten times) in batches against
// `erpgen sandbox`'s inventory family (one process, real HTTP on 127.0.0.1), at 500 and 1,000 items per request, and
// with one lock error and one opaque 500 on the way (retried: the lock after the policy's 1 to 2 s wait).
import { tokenAuth } from '../../templates/runtime/auth.js';
import { createClient } from '../../templates/runtime/client.js';
import { seedItem } from '../../sandbox/inventory/route.js';
import { PASSWORD, startSignedIn, USER } from '../support/sandbox.js';
import { spread, type Row } from './measure.js';

export async function pricesBench(runs: number): Promise<Row[]> {
  const sandbox = await startSignedIn({ rowsPerObject: 1 });
  try {
    const inventory = sandbox.server.inventory;
    // an item is rows of five tables: seeding 5,000 would take longer than pricing them
    for (let i = 0; i < 500; i++) seedItem(inventory, `P-${i}`);
    const items = Array.from({ length: 5_000 }, (_, i) => ({
      ItemId: `P-${i % 500}`,
      SourceLocId: 10,
      UnitQuantity: 2,
    }));
    const auth = tokenAuth({ baseUrl: sandbox.url, username: USER, password: PASSWORD });
    const client = createClient({ baseUrl: sandbox.url, auth });
    const parameters = { companyId: 'ACME', customerId: 100198, salesLocId: 10 };
    const rows: Row[] = [];
    const measure = async (name: string, chunkSize: number, faults: { locked?: number; invocation500?: number }) => {
      const times: number[] = [];
      let requests = 0;
      for (let run = 0; run < runs; run++) {
        inventory.faults = { ...faults };
        const before = inventory.served.batch;
        const started = performance.now();
        const results = await client.inventory.parts.pricesBulk(items, parameters, { chunkSize });
        times.push(performance.now() - started);
        requests = inventory.served.batch - before;
        if (results.length !== items.length) throw new Error(`${results.length} results for ${items.length} items`);
      }
      rows.push({
        name,
        value: `${requests} requests, ${spread(
          times.map((ms) => ms / 1000),
          's',
          2,
        )}`,
      });
    };
    await measure('5,000 items, 500 per request', 500, {});
    await measure('5,000 items, 1,000 per request', 1000, {});
    await measure('5,000 items, 500 per request, one lock error and one opaque 500', 500, {
      locked: 1,
      invocation500: 1,
    });
    return rows;
  } finally {
    await sandbox.server.close();
  }
}
