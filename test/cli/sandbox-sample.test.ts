// `erpgen sandbox --sample`: the sample snapshot erpgen ships, served without a snapshot of the team's own; and the
// one line that says what to give when the snapshot is given twice or not at all.
import { describe, expect, it } from 'vitest';
import { query } from '@acme/erp-schema';
import { createClient, tokenAuth } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { runCliAsync, tempDir } from '../support/cli.js';
import { cliSandbox } from '../support/cli-sandbox.js';
import { SAMPLE_SNAPSHOT } from '../support/paths.js';

const PASSWORD = 'pw-Sample-cli-1';
const cwd = tempDir();

describe('erpgen sandbox --sample', () => {
  it('serves the sample snapshot from any folder: the generated client signs in and reads it', async () => {
    const sandbox = await cliSandbox(['--sample'], { ERP_PASSWORD: PASSWORD, ERP_CONSUMER_KEY: '' }, cwd);
    let code;
    try {
      expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = createClient({
        baseUrl: sandbox.url,
        auth: tokenAuth({ baseUrl: sandbox.url, username: 'api_user', password: PASSWORD }),
      });
      expect((await client.page(query(customer).select('customer_id').top(2))).rows).toEqual([
        { customer_id: expect.any(Number) },
        { customer_id: expect.any(Number) },
      ]);
      // the sample's transaction services come with it
      expect(await client.services()).toContain('Order');
    } finally {
      code = await sandbox.stop();
    }
    expect(code).toBe(0);
    const { stdout, stderr } = sandbox.output();
    expect(stderr).toBe(
      `erpgen sandbox: serving the sample snapshot (${SAMPLE_SNAPSHOT}) to user api_user (password from ERP_PASSWORD); stop with Ctrl+C\n`,
    );
    expect(stdout + stderr).not.toContain(PASSWORD);
  });

  it.each([
    [['--sample', '--snapshot', SAMPLE_SNAPSHOT], 'erpgen: --sample and --snapshot: give one of them'],
    [[], 'erpgen: give --snapshot <folder>, or --sample for the sample snapshot erpgen ships'],
  ])('%j: one line, exit 2', async (args, line) => {
    const run = await runCliAsync(['sandbox', ...args], cwd, { ERP_PASSWORD: PASSWORD });
    expect([run.code, run.stderr, run.stdout]).toEqual([2, `${line}\n`, '']);
  });
});
