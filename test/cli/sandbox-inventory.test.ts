// `erpgen sandbox` as a user starts it, with the inventory family's fault switches and `ErrorType` in the vendor's
// namespace: the generated client signs in with tokenAuth, prices an item through one opaque intermittent 500 (retried
// once), bulk-prices through a lock error (retried after the policy's pause), reads a customer of the entity family,
// and reads the errors by the last segment of their `ErrorType` (I11).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErpResourceNotFoundError, ErpServiceError } from '@acme/erp-schema';
import { createClient, tokenAuth } from '@acme/erp-schema/client';
import { cliSandbox, type CliSandbox } from '../support/cli-sandbox.js';
import { SAMPLE_SNAPSHOT } from '../support/paths.js';

const PASSWORD = 'pw-Inventory-cli-1';
let sandbox: CliSandbox;
let url: string;

beforeAll(async () => {
  sandbox = await cliSandbox(
    ['--snapshot', SAMPLE_SNAPSHOT, '--rows', '1', '--price-500', '1', '--price-locks', '1', '--error-types', 'vendor'],
    { ERP_PASSWORD: PASSWORD },
  );
  url = sandbox.url;
});
afterAll(() => sandbox.stop());

it('the fault switches are met and ridden out by the retry policy', async () => {
  const lines: string[] = [];
  const delays: number[] = [];
  const client = createClient({
    baseUrl: url,
    auth: tokenAuth({ baseUrl: url, username: 'api_user', password: PASSWORD }),
    retry: { random: () => 0, sleep: async (ms) => void delays.push(ms) },
    log: (line) => lines.push(line),
  });
  const params = { companyId: 'ACME', customerId: 10, salesLocId: 10, sourceLocId: 10, uom: 'EA', priceUom: 'EA' };
  const price = await client.inventory.parts.price('AB#12', { ...params, unitQuantity: '2.5' });
  expect(price.ExtendedPrice).toBe('31.250000000');
  expect(lines.filter((l) => /after HTTP 500/.test(l))).toHaveLength(1);
  const bulk = await client.inventory.parts.pricesBulk([{ ItemId: 'WIDGET-001', SourceLocId: 10 }], params);
  expect(bulk.map((r) => r.UnitPrice)).toEqual(['12.500000000']);
  expect(lines.filter((l) => /after a lock/.test(l))).toHaveLength(1);
  expect(delays).toContain(1000);
  const customer = await client.entity.customers.get({ companyId: 'ACME', customerId: 10 });
  expect(customer.CustomerName).toBe('ABC Supply Company');

  // I11: the published bodies' names (NotFoundException captured; BusinessException's namespace inferred)
  const missing = await client.entity.customers.get({ companyId: 'ACME', customerId: 4242 }).catch((e: unknown) => e);
  expect(missing).toBeInstanceOf(ErpResourceNotFoundError);
  expect((missing as ErpResourceNotFoundError).details).toMatchObject({
    errorType: 'P21.Common.Exceptions.NotFoundException',
    exception: 'NotFoundException',
  });
  const notThere = await client.inventory.parts
    .price('AB#12', { ...params, sourceLocId: 99, unitQuantity: 1 })
    .catch((e: unknown) => e);
  expect(notThere).toBeInstanceOf(ErpServiceError);
  expect((notThere as ErpServiceError).details).toMatchObject({
    errorType: 'P21.Business.Common.BusinessException',
    exception: 'BusinessException',
  });
});
