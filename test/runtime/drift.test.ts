// The drift guard end to end: the sample package records the build its snapshot was fetched from (provenance, from
// the snapshot's manifest.json), and its client reads the server's build once (serverinfo) on the first request,
// against sandboxes playing that build and another, in-process and as `erpgen sandbox --build` in its own process.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ErpDriftError, query } from '@acme/erp-schema';
import { createClient, provenance, tokenAuth, type FetchLike } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { terms } from '@acme/erp-schema/tables/terms';
import { DEFAULT_BUILD } from '../../sandbox/builds.js';
import type { Sandbox } from '../../sandbox/sandbox.js';
import { cliSandbox } from '../support/cli-sandbox.js';
import { SAMPLE_SNAPSHOT } from '../support/paths.js';
import { PASSWORD, sandboxes, signedIn, USER } from '../support/sandbox.js';
import { until } from '../support/until.js';

const OTHER_BUILD = '26.2.6010.0';
const start = sandboxes();
const serverinfo = (sandbox: Sandbox) => sandbox.requests.filter((r) => r.path.endsWith('/ui/common/v1/serverinfo'));
const driftLines = (lines: readonly string[]) => lines.filter((l) => /drift/.test(l));
/** 'warn' reads the build beside the first call, never before it: wait for the read (no time is asserted) */
const checked = (sandbox: Sandbox) => until(() => expect(serverinfo(sandbox).length).toBeGreaterThan(0));

/** Three calls of two families: a query, a paging run and the Transaction API's service list. */
async function someCalls(client: ReturnType<typeof createClient>): Promise<void> {
  await client.page(query(customer).top(2));
  for await (const _ of client.rows(query(terms).top(2)));
  await client.services();
}

describe('provenance', () => {
  it('records the build, the fetch time and the digest of the snapshot the package was generated from', () => {
    expect(provenance.build).toBe('26.1.5940.0');
    expect(provenance.fetchedAt).toBe('2026-01-15T09:30:00.000Z');
    expect(provenance.snapshotDigest).toMatch(/^[0-9a-f]{64}$/);
    // the sandbox plays the sample's build unless told otherwise: every other suite meets no drift
    expect(DEFAULT_BUILD).toBe(provenance.build);
  });
});

describe('drift guard', () => {
  it('the same build: nothing said, and one serverinfo request across many calls', async () => {
    const sandbox = await start();
    const lines: string[] = [];
    const { client } = signedIn(sandbox, { drift: 'warn', log: (line) => lines.push(line) });
    await someCalls(client);
    await checked(sandbox);
    await someCalls(client);
    expect(driftLines(lines)).toEqual([]);
    expect(serverinfo(sandbox)).toHaveLength(1);
  });

  it('warn (the default): another build is said once through the logger, and every call goes through', async () => {
    const sandbox = await start({ build: OTHER_BUILD });
    const lines: string[] = [];
    // made here, not by signedIn (whose clients are made with drift 'off'): the package's own default
    const auth = tokenAuth({ baseUrl: sandbox.url, username: USER, password: PASSWORD });
    const client = createClient({ baseUrl: sandbox.url, auth, log: (line) => lines.push(line) });
    await someCalls(client);
    await until(() => expect(driftLines(lines).length).toBeGreaterThan(0));
    await someCalls(client);
    const drift = driftLines(lines);
    expect(drift).toHaveLength(1);
    expect(drift[0]).toContain(`the server runs build ${OTHER_BUILD}`);
    expect(drift[0]).toContain(`snapshot of build ${provenance.build}`);
    expect(drift[0]).toContain('npx erpgen fetch');
    expect(serverinfo(sandbox)).toHaveLength(1);
  });

  it('error: every call is refused with an ErpDriftError naming both builds; a write is never sent', async () => {
    const sandbox = await start({ build: OTHER_BUILD });
    const { client } = signedIn(sandbox, { drift: 'error' });
    const refused = await client.page(query(customer).top(2)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ErpDriftError);
    expect(refused).toMatchObject({ packageBuild: provenance.build, serverBuild: OTHER_BUILD });
    expect((refused as Error).message).toMatch(/npx erpgen fetch.*npx erpgen generate/);
    await expect(client.services()).rejects.toBeInstanceOf(ErpDriftError);
    const body = { Name: 'Contact', UseCodeValues: false, Transactions: [] };
    await expect(client.transaction(body as never)).rejects.toBeInstanceOf(ErpDriftError);
    expect(sandbox.requests.filter((r) => r.path.endsWith('/api/v2/transaction'))).toEqual([]);
    expect(serverinfo(sandbox)).toHaveLength(1);
  });

  it('error against the same build: calls go through', async () => {
    const sandbox = await start();
    const { client } = signedIn(sandbox, { drift: 'error' });
    await someCalls(client);
    expect(serverinfo(sandbox)).toHaveLength(1);
  });

  it('off: no serverinfo request at all', async () => {
    const sandbox = await start({ build: OTHER_BUILD });
    const lines: string[] = [];
    const { client } = signedIn(sandbox, { drift: 'off', log: (line) => lines.push(line) });
    await someCalls(client);
    expect(serverinfo(sandbox)).toEqual([]);
    expect(driftLines(lines)).toEqual([]);
  });

  it('a build that cannot be read is said once and not held against the calls, even with error', async () => {
    const sandbox = await start({ build: OTHER_BUILD });
    // a proxy that refuses serverinfo (as a key without the UI scope is refused)
    const refusing: FetchLike = (url, init) =>
      url.endsWith('/ui/common/v1/serverinfo')
        ? Promise.resolve(new Response('', { status: 403 }) as never)
        : (fetch(url, init as RequestInit) as never);
    const lines: string[] = [];
    const { client } = signedIn(sandbox, { drift: 'error', fetch: refusing, log: (line) => lines.push(line) });
    await someCalls(client);
    await someCalls(client);
    expect(driftLines(lines)).toEqual([
      expect.stringMatching(/the server's build could not be read \(.*HTTP 403.*\); not checked/),
    ]);
  });

  it('without a logger, a build that cannot be read says nothing on the console (the failed call says it); another build still warns there', async () => {
    const sandbox = await start({ build: OTHER_BUILD });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    onTestFinished(() => warn.mockRestore());
    const refusing: FetchLike = (url, init) =>
      url.endsWith('/ui/common/v1/serverinfo')
        ? Promise.resolve(new Response('', { status: 403 }) as never)
        : (fetch(url, init as RequestInit) as never);
    // clients as a team makes them: no logger, the default drift mode
    const auth = tokenAuth({ baseUrl: sandbox.url, username: USER, password: PASSWORD });
    const quiet = createClient({ baseUrl: sandbox.url, auth, fetch: refusing });
    await someCalls(quiet);
    await someCalls(quiet);
    expect(warn).not.toHaveBeenCalled();
    // the build read, and another: that one reaches the console, once
    const client = createClient({ baseUrl: sandbox.url, auth });
    await someCalls(client);
    await until(() => expect(warn).toHaveBeenCalled());
    await someCalls(client);
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([expect.stringContaining(`build ${OTHER_BUILD}`)]);
  });

  it('a hostile build: shown with its control and bidi characters escaped and cut, in the warning and the error', async () => {
    // ESC sequences, CR LF that would fake a line, NUL, a right-to-left override, and a megabyte of it
    const hostile = `26.9\x1b[31mRED\r\nerpgen: all good\u0000\u202eevil${'9'.repeat(1 << 20)}`;
    const sandbox = await start({ build: hostile });
    const lines: string[] = [];
    const warned = signedIn(sandbox, { drift: 'warn', log: (line) => lines.push(line) }).client;
    await someCalls(warned);
    await until(() => expect(driftLines(lines).length).toBeGreaterThan(0));
    const refused = await signedIn(sandbox, { drift: 'error' })
      .client.page(query(customer).top(2))
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ErpDriftError);
    const { serverBuild } = refused as ErpDriftError;
    expect(serverBuild).toMatch(/^26\.9\\u001b\[31mRED\\u000d\\u000aerpgen: all good\\u0000\\u202eevil9+…$/);
    expect(serverBuild).toHaveLength(64);
    for (const text of [driftLines(lines)[0]!, (refused as Error).message]) {
      expect(text).toContain(`the server runs build ${serverBuild}, but`);
      expect(text).not.toMatch(/[\u0000-\u001f\u202e]/);
      expect(text.length).toBeLessThan(400);
    }
  });

  it('drift is refused when it is none of the three words', () => {
    const sandbox = { url: 'http://127.0.0.1:9' };
    expect(() => createClient({ baseUrl: sandbox.url, auth: 't', drift: 'loud' as never })).toThrow(
      /drift is 'warn', 'error' or 'off', not "loud"/,
    );
  });

  it('against `erpgen sandbox --build` in its own process', async () => {
    const password = 'pw-drift-cli-1';
    const sandbox = await cliSandbox(['--snapshot', SAMPLE_SNAPSHOT, '--rows', '1', '--build', OTHER_BUILD], {
      ERP_PASSWORD: password,
    });
    onTestFinished(() => void sandbox.stop());
    const url = sandbox.url;
    const auth = tokenAuth({ baseUrl: url, username: USER, password });
    const strict = createClient({ baseUrl: url, auth, drift: 'error' });
    await expect(strict.page(query(customer).top(1))).rejects.toMatchObject({
      name: 'ErpDriftError',
      serverBuild: OTHER_BUILD,
    });
    const lines: string[] = [];
    const warned = createClient({ baseUrl: url, auth, log: (line) => lines.push(line) });
    expect((await warned.page(query(customer).top(1))).rows).toHaveLength(1);
    await until(() => expect(driftLines(lines).length).toBeGreaterThan(0));
    await warned.page(query(customer).top(1));
    expect(lines.filter((l) => l.includes(`build ${OTHER_BUILD}`))).toHaveLength(1);
  });
});
