// `erpgen sandbox --sample`: the sample snapshot erpgen ships, served without a snapshot of the team's own; and the
// one line that says what to give when the snapshot is given twice or not at all.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { query } from '@acme/erp-schema';
import { createClient, tokenAuth } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { runCliAsync, tempDir } from '../support/cli.js';
import { CLI, SAMPLE_SNAPSHOT } from '../support/paths.js';

const PASSWORD = 'pw-Sample-cli-1';
const cwd = tempDir();

describe('erpgen sandbox --sample', () => {
  it('serves the sample snapshot from any folder: the generated client signs in and reads it', async () => {
    const child = spawn(process.execPath, [CLI, 'sandbox', '--sample'], {
      cwd,
      env: { ...process.env, ERP_PASSWORD: PASSWORD, ERP_CONSUMER_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let stdout = '';
        child.stdout.on('data', (d: Buffer) => {
          stdout += d.toString();
          const line = /^(.*)\n/.exec(stdout);
          if (line) resolve(line[1]!);
        });
        child.once('exit', () => reject(new Error(`the sandbox exited: ${stderr}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = createClient({
        baseUrl: url,
        auth: tokenAuth({ baseUrl: url, username: 'api_user', password: PASSWORD }),
      });
      expect((await client.page(query(customer).select('customer_id').top(2))).rows).toEqual([
        { customer_id: expect.any(Number) },
        { customer_id: expect.any(Number) },
      ]);
      // the sample's transaction services come with it
      expect(await client.services()).toContain('Order');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(stderr).toBe(
      `erpgen sandbox: serving the sample snapshot (${SAMPLE_SNAPSHOT}) to user api_user (password from ERP_PASSWORD); stop with Ctrl+C\n`,
    );
    expect(stderr).not.toContain(PASSWORD);
  });

  it.each([
    [['--sample', '--snapshot', SAMPLE_SNAPSHOT], 'erpgen: --sample and --snapshot: give one of them'],
    [[], 'erpgen: give --snapshot <folder>, or --sample for the sample snapshot erpgen ships'],
  ])('%j: one line, exit 2', async (args, line) => {
    const run = await runCliAsync(['sandbox', ...args], cwd, { ERP_PASSWORD: PASSWORD });
    expect([run.code, run.stderr, run.stdout]).toEqual([2, `${line}\n`, '']);
  });
});
