// `erpgen sandbox --disabled SERVICE/ELEMENT/FIELD`: the sandbox told which columns the tenant's windows disable, as
// a user starts it (the built CLI as a process), met by the generated client with a token the sandbox issued: the
// documents' two answers (`Column is disabled: {name}`, or with IgnoreDisabled a success that writes nothing), and
// the one line a wrong flag gets.
import { describe, expect, it } from 'vitest';
import { ErpWriteNotAppliedError } from '@acme/erp-schema';
import { createClient, ErpTransactionFailedError, tokenAuth } from '@acme/erp-schema/client';
import { Order } from '@acme/erp-schema/transactions/Order';
import { runCliAsync, tempDir } from '../support/cli.js';
import { cliSandbox } from '../support/cli-sandbox.js';

const PASSWORD = 'pw-Disabled-cli-1';
const cwd = tempDir();

const order = (po: string) =>
  Order.transaction().form('TABPAGE_1.order', { customer_id: 100198, po_no: po, taker: 'JSMITH', job_name: 'Job' });

describe('erpgen sandbox --disabled', () => {
  it('T7: each column named is disabled: a write of it fails naming it, and with ignoreDisabled passes without it (verified: an error)', async () => {
    const sandbox = await cliSandbox(
      ['--sample', '--disabled', 'Order/TABPAGE_1.order/job_name', '--disabled', 'Order/TP_ITEMS.items/extended_desc'],
      { ERP_PASSWORD: PASSWORD, ERP_CONSUMER_KEY: '' },
      cwd,
    );
    let code;
    try {
      const client = createClient({
        baseUrl: sandbox.url,
        auth: tokenAuth({ baseUrl: sandbox.url, username: 'api_user', password: PASSWORD }),
        drift: 'off',
      });
      const refused = await client
        .transaction(Order.request([order('PO-CLI-1')], { useCodeValues: false }))
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ErpTransactionFailedError);
      expect((refused as ErpTransactionFailedError).messages).toEqual([
        'Transaction 1:: General Exception: Column is disabled: job_name',
      ]);
      expect((refused as Error).message).toContain(
        '"definitions": { "Order": { "TABPAGE_1.order": { "job_name": { "disabled": true } } } }',
      );
      const skipped = await client
        .transaction(Order.request([order('PO-CLI-2')], { useCodeValues: false, ignoreDisabled: true }))
        .catch((e: unknown) => e);
      expect(skipped).toBeInstanceOf(ErpWriteNotAppliedError);
      expect((skipped as ErpWriteNotAppliedError).fields).toMatchObject([
        { field: 'job_name', sent: 'Job', stored: '' },
      ]);
      // the second flag too: a line's extended_desc
      const line = Order.transaction()
        .form('TABPAGE_1.order', { customer_id: 100198, po_no: 'PO-CLI-3', taker: 'JSMITH' })
        .list('TP_ITEMS.items', [{ oe_order_item_id: 'WIDGET-001', unit_quantity: 1, extended_desc: 'note' }]);
      await expect(client.transaction(Order.request([line], { useCodeValues: false }))).rejects.toThrow(
        /Column is disabled: extended_desc/,
      );
    } finally {
      code = await sandbox.stop();
    }
    expect(code).toBe(0);
  });

  it.each([
    [
      ['--disabled', 'Order/po_no'],
      /^erpgen: .*expected SERVICE\/ELEMENT\/FIELD, e\.g\. Order\/TABPAGE_1\.order\/po_no/,
    ],
    [
      ['--disabled', 'Order/TABPAGE_1.ordr/po_no'],
      /^erpgen: --disabled: Order has no data element "TABPAGE_1\.ordr" \(did you mean TABPAGE_1\.order\?\)$/,
    ],
    [
      ['--disabled', 'Order/TABPAGE_1.order/po_nr'],
      /^erpgen: --disabled: Order TABPAGE_1\.order has no field "po_nr" \(did you mean po_no\?\)$/,
    ],
    [
      ['--disabled', 'Ordr/TABPAGE_1.order/po_no'],
      /^erpgen: --disabled: the snapshot defines no service Ordr \(did you mean Order\?\)$/,
    ],
  ])('%j: one line naming the mistake, a non-zero exit', async (args, line) => {
    const run = await runCliAsync(['sandbox', '--sample', ...args], cwd, { ERP_PASSWORD: PASSWORD });
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr.trim()).toMatch(line);
  });

  it('--help lists the flag, and says where the rule for names with / comes from', async () => {
    const run = await runCliAsync(['sandbox', '--help'], cwd, {});
    const help = run.stdout.replace(/\s+/g, ' ');
    expect(help).toMatch(
      /--disabled a column the windows disable, SERVICE\/ELEMENT\/FIELD \(repeatable; split at the first and the last \//,
    );
    expect(help).toContain(
      'nothing is disabled unless --disabled SERVICE/ELEMENT/FIELD says so (split at the first and the last /',
    );
  });
});
