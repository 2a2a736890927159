// End to end: client.interactive against the sandbox's Interactive API route over real HTTP on 127.0.0.1. Each
// behaviour the service documents (the 409, the Status values, the batched change failure, the poisoned window
// after a wrong datawindow, the session timeout, Accept) is played by the route and met by the client here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErpForbiddenError, ErpServerError, ErpUnexpectedResponseError } from '@acme/erp-schema';
import type { Sandbox } from '../../../sandbox/sandbox.js';
import {
  createClient,
  tokenAuth,
  ErpChangeRejectedError,
  ErpInteractiveError,
  ErpInteractiveUsageError,
  ErpSessionExpiredError,
  ErpWindowNotFoundError,
  ErpWindowUnusableError,
  type ErpClient,
  type FetchLike,
} from '@acme/erp-schema/client';
import { Order } from '@acme/erp-schema/transactions/Order';
import { PurchaseOrder } from '@acme/erp-schema/transactions/PurchaseOrder';
import { startSampleSandbox, uiServer } from '../../support/sandbox.js';

// signed in as a team would: tokens the sandbox issued, to a user and to a consumer key (with or without a user)
const USER = 'demo';
const PASSWORD = 'demo password';
const KEY = '0c4f8e21-5b7a-4d93-8e16-2f9a7c3b5d40';
const credentials = { users: { [USER]: PASSWORD }, consumerKeys: { [KEY]: '/api' } };
const signIn = (url: string) => tokenAuth({ baseUrl: url, username: USER, password: PASSWORD });

let server: Sandbox;
let client: ErpClient;
let auth: ReturnType<typeof signIn>;
let clock = 1_000_000;

beforeAll(async () => {
  server = await startSampleSandbox({
    interactive: { now: () => clock, dialogs: { PurchaseOrder: 'Send the purchase order by e-mail?' } },
    credentials,
  });
  auth = signIn(server.url);
  await auth.token(); // the token call is made once, before the tests look at what was sent
  // the record a load finds: a row of the sandbox's oe_hdr (the field's DbColumnName)
  server.insert('oe_hdr', [{ order_no: '1013938', po_no: 'PO-STORED', job_name: 'Stored job' }]);
  // the tests read the requests in order: no drift check (test/runtime/drift.test.ts) among them
  client = createClient({ baseUrl: server.url, uiServerUrl: uiServer(server), auth, drift: 'off' });
});
afterAll(() => server.close());

const since = (before: number) => server.requests.slice(before);
const shown = (before: number) => since(before).map((r) => `${r.method} ${r.path}${r.query ? `?${r.query}` : ''}`);
const bodyOf = (before: number, method: string, path: string) =>
  JSON.parse(since(before).find((r) => r.method === method && r.path.endsWith(path))!.body!) as unknown;

describe('sessions', () => {
  it('X1, X3: creates a session (Accept: application/json, id from Id), runs the work, deletes the session', async () => {
    const before = server.requests.length;
    const id = await client.interactive.session(async (s) => {
      expect(server.interactive.openSessions()).toBe(1);
      expect(s.build).toBe('26.1.5940.0');
      return s.id;
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(shown(before)).toEqual([
      'POST /uiserver0/api/ui/interactive/sessions/',
      'DELETE /uiserver0/api/ui/interactive/sessions',
    ]);
    expect(since(before).every((r) => r.headers['accept'] === 'application/json')).toBe(true);
    expect(server.interactive.openSessions()).toBe(0);
  });

  it('X3: deletes the session when the work throws, and the work error is the one thrown', async () => {
    const before = server.requests.length;
    await expect(
      client.interactive.session(async (s) => {
        await s.open(Order);
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(shown(before).at(-1)).toBe('DELETE /uiserver0/api/ui/interactive/sessions');
    expect(server.interactive.openSessions()).toBe(0);
  });

  it("X2: up to 26.1.5910.3 a session left behind answers 409 (and 500) Session already exists.: the client deletes the token's sessions and creates one again, once", async () => {
    const old = await startSampleSandbox({ build: '26.1.5910.3', credentials });
    try {
      const oldAuth = signIn(old.url);
      const create = async (token: string) =>
        fetch(`${uiServer(old)}/api/ui/interactive/sessions/`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
          body: '{}',
        });
      // a session left behind by this token (an earlier process that died)
      expect((await create(await oldAuth.token())).status).toBe(200);
      // the service's alternation, as the documents give it for these builds
      const again = [await create(await oldAuth.token()), await create(await oldAuth.token())];
      expect(again.map((r) => r.status)).toEqual([409, 500]);
      expect(await again[0]!.json()).toMatchObject({ ErrorMessage: 'Session already exists.' });
      const lines: string[] = [];
      const logged = createClient({
        baseUrl: old.url,
        uiServerUrl: uiServer(old),
        auth: oldAuth,
        drift: 'off',
        log: (l) => lines.push(l),
      });
      const before = old.requests.length;
      await logged.interactive.session(async () => undefined);
      expect(old.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /uiserver0/api/ui/interactive/sessions/',
        'DELETE /uiserver0/api/ui/interactive/sessions',
        'POST /uiserver0/api/ui/interactive/sessions/',
        'DELETE /uiserver0/api/ui/interactive/sessions',
      ]);
      expect(lines.join('\n')).toMatch(/already exists/);
      expect(old.interactive.openSessions()).toBe(0);

      // a session another token of the user left: this token cannot end it (400 Invalid session)
      const other = signIn(old.url);
      expect((await create(await other.token())).status).toBe(200);
      const error = await logged.interactive.session(async () => 'never').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ErpInteractiveError);
      expect((error as ErpInteractiveError).serverMessage).toBe('Invalid session');
      expect((error as Error).message).toMatch(/made with another token.*ends by itself after its idle timeout/);
    } finally {
      await old.close();
    }
  });

  it('X2: from 26.1.5940.0 there is no 409: a second create for the token is a new session', async () => {
    const create = async () =>
      fetch(`${uiServer(server)}/api/ui/interactive/sessions/`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${await auth.token()}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
    const [first, second] = [await create(), await create()];
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(((await first.json()) as { Id: string }).Id).not.toBe(((await second.json()) as { Id: string }).Id);
    const before = server.requests.length;
    await client.interactive.session(async () => undefined);
    expect(shown(before)).toEqual([
      'POST /uiserver0/api/ui/interactive/sessions/',
      'DELETE /uiserver0/api/ui/interactive/sessions',
    ]);
  });

  it('a consumer key token without a user name is refused before any call; with a user name it works', async () => {
    const keyAuth = tokenAuth({ baseUrl: server.url, consumerKey: KEY });
    const keyOnly = createClient({ baseUrl: server.url, uiServerUrl: uiServer(server), auth: keyAuth });
    await keyAuth.token(); // the token call is not the session's
    const before = server.requests.length;
    const error = await keyOnly.interactive.session(async () => 'never').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpInteractiveUsageError);
    expect((error as Error).message).toMatch(/consumer key.*without a user name/);
    expect(server.requests.length).toBe(before);

    const withUser = createClient({
      baseUrl: server.url,
      uiServerUrl: uiServer(server),
      auth: tokenAuth({ baseUrl: server.url, consumerKey: KEY, username: USER }),
    });
    await expect(withUser.interactive.session(async () => 'ran')).resolves.toBe('ran');
  });

  it('concurrent sessions of one client run one after another: no 409, and no session ends another', async () => {
    const before = server.requests.length;
    const order: string[] = [];
    const work = (name: string) => async () => {
      order.push(`${name} start`);
      expect(server.interactive.openSessions()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      client.interactive.session(work('a')),
      client.interactive
        .session(async () => {
          throw new Error('b fails');
        })
        .catch((e: Error) => e.message),
      client.interactive.session(work('c')),
    ]);
    expect(results).toEqual(['a', 'b fails', 'c']);
    expect(order).toEqual(['a start', 'a end', 'c start', 'c end']);
    expect(shown(before).filter((p) => p.startsWith('POST'))).toHaveLength(3);
    expect(server.interactive.openSessions()).toBe(0);
  });

  it('with tokens the sandbox issues: a key without a user is refused before calling, a key with one works, a key scoped to /odata only is forbidden', async () => {
    const issuing = await startSampleSandbox({
      credentials: { users: { demo: 'pw' }, consumerKeys: { 'key-api': '/api', 'key-odata': '/odata:customer' } },
    });
    try {
      const signIn = (consumerKey: string, username?: string) =>
        createClient({
          baseUrl: issuing.url,
          auth: tokenAuth({ baseUrl: issuing.url, consumerKey, ...(username !== undefined ? { username } : {}) }),
        });
      await expect(signIn('key-api').interactive.session(async () => 'never')).rejects.toBeInstanceOf(
        ErpInteractiveUsageError,
      );
      await expect(signIn('key-api', 'demo').interactive.session(async (s) => s.id)).resolves.toMatch(
        /^[0-9a-f-]{36}$/,
      );
      await expect(signIn('key-odata', 'demo').interactive.session(async () => 'never')).rejects.toBeInstanceOf(
        ErpForbiddenError,
      );
      expect(issuing.interactive.openSessions()).toBe(0);
    } finally {
      await issuing.close();
    }
  });

  it('X1: reads the 25.2 session id field (SessionId)', async () => {
    const old = await startSampleSandbox({ build: '25.2.5776.1', credentials });
    try {
      const c = createClient({ baseUrl: old.url, uiServerUrl: uiServer(old), auth: signIn(old.url) });
      await expect(c.interactive.session(async (s) => s.id)).resolves.toMatch(/^[0-9a-f-]{36}$/);
      expect(old.interactive.openSessions()).toBe(0);
    } finally {
      await old.close();
    }
  });
});

describe('windows', () => {
  it('X7, X8, X9: opens a window, selects the tab with PageName, sends typed changes with the datawindow, reads (?id=), saves, closes', async () => {
    const before = server.requests.length;
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      const changed = await w.change('TABPAGE_1.order', {
        po_no: 'PO-1',
        order_date: new Date(2030, 0, 5),
        sales_loc_id: 10,
      });
      expect(changed.kind).toBe('ok');
      expect(server.interactive.windowValues(w.id)).toEqual({
        d_oe_hdr_order: { po_no: 'PO-1', order_date: '2030-01-05', sales_loc_id: '10' },
      });
      // the same tab again: no second tab change
      await w.change('TABPAGE_1.order', { job_name: 'Job' });
      const data = await w.data();
      // the datawindows answer under their element's name, as captured
      expect(data.find((d) => d.Name === 'TABPAGE_1.order')).toBeDefined();
      const saved = await w.save();
      expect(saved.kind).toBe('ok');
      expect(saved.events.find((e) => e.Name === 'keygenerated')).toBeDefined();
      await w.close();
      expect(w.usable).toBe(false);
    });
    expect(bodyOf(before, 'PUT', '/v2/tab')).toEqual({ WindowId: expect.any(String), PageName: 'TABPAGE_1' });
    expect(bodyOf(before, 'PUT', '/v2/change')).toEqual({
      WindowId: expect.any(String),
      List: [
        { TabName: 'TABPAGE_1', FieldName: 'po_no', Value: 'PO-1', DatawindowName: 'd_oe_hdr_order' },
        { TabName: 'TABPAGE_1', FieldName: 'order_date', Value: '2030-01-05', DatawindowName: 'd_oe_hdr_order' },
        { TabName: 'TABPAGE_1', FieldName: 'sales_loc_id', Value: '10', DatawindowName: 'd_oe_hdr_order' },
      ],
    });
    const paths = shown(before);
    expect(paths.filter((p) => p.includes('/v2/tab'))).toHaveLength(1);
    expect(paths.find((p) => p.startsWith('GET') && p.includes('/v2/data'))).toMatch(/\/v2\/data\?id=[0-9a-f-]{36}$/);
    expect(paths.find((p) => p.startsWith('DELETE') && p.includes('/v2/window'))).toMatch(/\/v2\/window\?id=/);
    // the save body is the window id as a JSON string
    expect(typeof bodyOf(before, 'PUT', '/v2/data')).toBe('string');
  });

  it('X4: a record that does not exist is a typed result (Status 2, a message of Type 2), not an exception', async () => {
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      const missing = await w.change('TABPAGE_1.order', { order_no: 'NOSUCH' });
      expect(missing.kind).toBe('missing');
      expect(missing.status).toBe(2);
      expect(missing.messages.some((m) => m.Type === 2)).toBe(true);
      const found = await w.change('TABPAGE_1.order', { order_no: '1013938' });
      expect(found.kind).toBe('ok');
      // the record's values come from the sandbox's rows
      const [row] = await w.rows('TABPAGE_1.order');
      expect(row).toMatchObject({ order_no: '1013938', po_no: 'PO-STORED', job_name: 'Stored job' });
    });
  });

  it('X4, X7: a response window is a typed blocked result (Status 3), answered with its tools (?windowId=)', async () => {
    const before = server.requests.length;
    await client.interactive.session(async (s) => {
      const w = await s.open(PurchaseOrder);
      await w.change('TABPAGE_1.tp_1_dw_1', { external_po_no: 'EXT-DIALOG' });
      const saved = await w.save();
      expect(saved.kind).toBe('blocked');
      if (saved.kind !== 'blocked') return;
      expect(saved.messages[0]?.Text).toMatch(/e-mail/);
      const tools = await saved.responseWindow.tools();
      expect(tools.map((t) => t.ToolName)).toEqual(['cb_yes', 'cb_no']);
      const answered = await saved.responseWindow.runTool('cb_yes', 'Yes');
      expect(answered.kind).toBe('ok');
      expect(answered.events.some((e) => e.Name === 'keygenerated')).toBe(true);
      // the save the response window held is written only once it is answered
      expect(server.transactionRows('PurchaseOrder', 'TABPAGE_1.tp_1_dw_1')).toContainEqual(
        expect.objectContaining({ external_po_no: 'EXT-DIALOG' }),
      );
    });
    expect(shown(before).find((p) => p.startsWith('GET') && p.includes('/v2/tools'))).toMatch(/\?windowId=/);
  });

  it('X5: a batched change refused at one item says which items were applied and which were not attempted', async () => {
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      await w.tab('TABPAGE_1');
      const items = [
        { TabName: 'TABPAGE_1', FieldName: 'po_no', Value: 'A', DatawindowName: 'd_oe_hdr_order' },
        { TabName: 'TABPAGE_1', FieldName: 'no_such_field', Value: 'B', DatawindowName: 'd_oe_hdr_order' },
        { TabName: 'TABPAGE_1', FieldName: 'job_name', Value: 'C', DatawindowName: 'd_oe_hdr_order' },
      ];
      const error = (await w.changeRaw(items).catch((e: unknown) => e)) as ErpChangeRejectedError;
      expect(error).toBeInstanceOf(ErpChangeRejectedError);
      expect(error.applied.map((i) => i.FieldName)).toEqual(['po_no']);
      expect(error.rejected?.FieldName).toBe('no_such_field');
      expect(error.notAttempted.map((i) => i.FieldName)).toEqual(['job_name']);
      expect(error.message).toMatch(/item 2 of 3 \(no_such_field\).*1 item before it was applied/);
      expect(server.interactive.windowValues(w.id)).toEqual({ d_oe_hdr_order: { po_no: 'A' } });
    });
  });

  it('X10: an over-length value is refused before sending when the column length is known, and names the field when the server refuses it', async () => {
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      const before = server.requests.length;
      const early = await w.change('TABPAGE_1.order', { po_no: 'x'.repeat(51) }).catch((e: unknown) => e);
      expect(early).toBeInstanceOf(ErpInteractiveUsageError);
      expect((early as ErpInteractiveUsageError).field).toBe('TABPAGE_1.order.po_no');
      expect((early as Error).message).toMatch(/51 characters, but its column holds 50/);
      expect(server.requests.length).toBe(before);
      await w.tab('TABPAGE_1');
      const late = (await w
        .changeRaw([
          { TabName: 'TABPAGE_1', FieldName: 'po_no', Value: 'y'.repeat(51), DatawindowName: 'd_oe_hdr_order' },
        ])
        .catch((e: unknown) => e)) as ErpChangeRejectedError;
      expect(late).toBeInstanceOf(ErpChangeRejectedError);
      expect(late.rejected?.FieldName).toBe('po_no');
      expect(late.serverMessage).toMatch(/po_no/);
    });
  });

  it('X6: a wrong datawindow name marks the window unusable and says so; close() absorbs the lost request', async () => {
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      await w.tab('TABPAGE_1');
      const error = await w
        .changeRaw([{ TabName: 'TABPAGE_1', FieldName: 'po_no', Value: 'A', DatawindowName: 'd_nope' }])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ErpWindowUnusableError);
      expect((error as Error).message).toMatch(/next request on this window with an empty 500/);
      expect((error as Error).message).toMatch(/Unable to find datawindow named d_nope/);
      expect(w.usable).toBe(false);
      const before = server.requests.length;
      await expect(w.change('TABPAGE_1.order', { po_no: 'B' })).rejects.toThrow(/marked unusable/);
      await expect(w.data()).rejects.toBeInstanceOf(ErpInteractiveUsageError);
      expect(server.requests.length).toBe(before);
      await w.close();
      expect(shown(before).filter((p) => p.startsWith('DELETE') && p.includes('/v2/window'))).toHaveLength(2);
      const again = await s.open(Order);
      expect((await again.change('TABPAGE_1.order', { po_no: 'B' })).kind).toBe('ok');
    });
  });

  it('X11: Window not found is a typed error', async () => {
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      const gone = await fetch(`${uiServer(server)}/api/ui/interactive/v2/window?id=${w.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${await auth.token()}`, Accept: 'application/json' },
      });
      expect(gone.status).toBe(200);
      await expect(w.data()).rejects.toBeInstanceOf(ErpWindowNotFoundError);
      await w.close(); // already gone: fine
    });
  });
});

describe('the wire rules, as the service answers the mistakes', () => {
  /** a request on the UI server with the session's token, as a client that does not follow the documents sends it */
  const onUi = async (path: string, init: { method?: string; body?: unknown; on?: Sandbox; token?: string } = {}) => {
    const answer = await fetch(`${uiServer(init.on ?? server)}/api/ui/interactive${path}`, {
      method: init.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${init.token ?? (await auth.token())}`,
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const text = await answer.text();
    return {
      status: answer.status,
      message: text ? ((JSON.parse(text) as { ErrorMessage?: string }).ErrorMessage ?? text) : '',
    };
  };

  it('X7: ?id= on the window and data endpoints, ?windowId= on the tools endpoint; the other one is refused: Window ID was not provided', async () => {
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      expect(await onUi(`/v2/data?windowId=${w.id}`)).toEqual({ status: 422, message: 'Window ID was not provided' });
      expect((await onUi(`/v2/tools?id=${w.id}`)).status).toBe(400);
      expect((await onUi(`/v2/data?id=${w.id}`)).status).toBe(200);
      // what the client sends: the one each endpoint takes
      const before = server.requests.length;
      await w.data();
      await w.tools();
      await w.close();
      expect(shown(before).map((p) => p.replace(/[0-9a-f-]{36}/, 'W'))).toEqual([
        'GET /uiserver0/api/ui/interactive/v2/data?id=W',
        'GET /uiserver0/api/ui/interactive/v2/tools?windowId=W',
        'DELETE /uiserver0/api/ui/interactive/v2/window?id=W',
      ]);
    });
  });

  it('X8: a tab change names PageName; a TabName alone is a 400 with a blank tab name (26.1), PageName wins when both come', async () => {
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      expect(await onUi('/v2/tab', { method: 'PUT', body: { WindowId: w.id, TabName: 'TABPAGE_1' } })).toEqual({
        status: 400,
        message: "Tab page '' was not found on the window.",
      });
      const both = await onUi('/v2/tab', {
        method: 'PUT',
        body: { WindowId: w.id, PageName: 'TABPAGE_1', TabName: 'NO_SUCH_TAB' },
      });
      expect(both.status).toBe(200);
      const before = server.requests.length;
      expect((await w.tab('TP_ITEMS')).kind).toBe('ok');
      expect(bodyOf(before, 'PUT', '/v2/tab')).toEqual({ WindowId: w.id, PageName: 'TP_ITEMS' });
    });
  });

  it('X9: DatawindowName on every change item: 25.2 requires it, 26.1 only for fields below the header', async () => {
    const old = await startSampleSandbox({ build: '25.2.5776.1', credentials });
    try {
      const oldAuth = signIn(old.url);
      const c = createClient({ baseUrl: old.url, uiServerUrl: uiServer(old), auth: oldAuth, drift: 'off' });
      await c.interactive.session(async (s) => {
        const w = await s.open(Order);
        await w.tab('TABPAGE_1');
        const token = await oldAuth.token();
        const bare = { WindowId: w.id, List: [{ TabName: 'TABPAGE_1', FieldName: 'po_no', Value: 'X9' }] };
        expect(await onUi('/v2/change', { method: 'PUT', body: bare, on: old, token })).toEqual({
          status: 400,
          message: 'The DatawindowName of the change of po_no is required.',
        });
        // the client names it on every item, so its change is taken
        expect((await w.change('TABPAGE_1.order', { po_no: 'X9' })).kind).toBe('ok');
        expect(old.interactive.windowValues(w.id)).toEqual({ d_oe_hdr_order: { po_no: 'X9' } });
      });
    } finally {
      await old.close();
    }
    // 26.1: a header-level field without it behaves as with the correct name; a field below the header does not
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      await w.tab('TABPAGE_1');
      const header = {
        WindowId: w.id,
        List: [{ TabName: 'TABPAGE_1', FieldName: 'po_no', Value: 'X9-26', DatawindowName: null }],
      };
      expect((await onUi('/v2/change', { method: 'PUT', body: header })).status).toBe(200);
      await w.tab('TP_ITEMS');
      const line = { WindowId: w.id, List: [{ TabName: 'TP_ITEMS', FieldName: 'unit_quantity', Value: '1' }] };
      expect((await onUi('/v2/change', { method: 'PUT', body: line })).status).toBe(400);
      expect((await w.change('TP_ITEMS.items', { unit_quantity: 1 })).kind).toBe('ok');
    });
  });
});

describe('session timeout', () => {
  it("X11: the idle timeout is the documents' SessionTimeout, 60 s by default; SessionCleanupExpiration (00:06:00) is another limit, reported apart", async () => {
    await client.interactive.session(
      async (s) => {
        expect(s.idleTimeoutSeconds).toBe(60);
        expect(s.cleanupExpirationSeconds).toBe(360);
        const w = await s.open(Order);
        clock += 59_000; // within the documents' 60 s: still alive
        await expect(w.data()).resolves.toBeDefined();
        clock += 61_000;
        const before = server.requests.length;
        const error = await w.data().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ErpSessionExpiredError);
        expect((error as Error).message).toMatch(/idle for 61 s, beyond its 60 s idle timeout/);
        expect(server.requests.length).toBe(before);
      },
      { now: () => clock },
    );
    expect(server.interactive.openSessions()).toBe(0);
  });

  it('X11: the server ends a session idle for more than 60 s (not 6 minutes): Session not found or expired', async () => {
    const frozen = () => 0;
    await client.interactive.session(
      async (s) => {
        const w = await s.open(Order);
        clock += 61_000; // the server's clock moves, the client's does not
        await expect(w.data()).rejects.toBeInstanceOf(ErpSessionExpiredError);
      },
      { now: frozen },
    );
  });

  it('X11: Session not found or expired from the server is a typed error', async () => {
    const frozen = () => 0;
    await client.interactive.session(
      async (s) => {
        const w = await s.open(Order);
        clock += 361_000; // the server's clock moves, the client's does not
        await expect(w.data()).rejects.toBeInstanceOf(ErpSessionExpiredError);
      },
      { now: frozen },
    );
    expect(server.interactive.openSessions()).toBe(0);
  });

  it('sends the session timeout asked for', async () => {
    const before = server.requests.length;
    await client.interactive.session(async () => undefined, {
      sessionTimeoutSeconds: 300,
      handleResponseWindows: false,
    });
    expect(bodyOf(before, 'POST', '/sessions/')).toEqual({ ResponseWindowHandlingEnabled: false, SessionTimeout: 300 });
  });
});

describe('Accept', () => {
  /** a fetch that drops Accept, as a proxy might */
  const dropAccept: FetchLike = (url, init) => {
    const { Accept: _dropped, ...headers } = init.headers;
    return fetch(url, { ...init, headers } as RequestInit) as unknown as ReturnType<FetchLike>;
  };

  it('X12: an XML answer (26.1.5940.0 and later) is a clear error', async () => {
    const c = createClient({ baseUrl: server.url, uiServerUrl: uiServer(server), auth, fetch: dropAccept });
    const error = await c.interactive.session(async () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpUnexpectedResponseError);
    expect((error as Error).message).toMatch(/XML where JSON was expected/);
  });

  it('X12: an empty 500 (up to 26.1.5910.3) is a clear error', async () => {
    const old = await startSampleSandbox({ build: '26.1.5910.3', credentials });
    try {
      const c = createClient({
        baseUrl: old.url,
        uiServerUrl: uiServer(old),
        auth: signIn(old.url),
        fetch: dropAccept,
        retry: { maxAttempts: 1 },
      });
      const error = await c.interactive.session(async () => undefined).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ErpServerError);
      expect((error as Error).message).toMatch(/empty 500.*Accept: application\/json/);
    } finally {
      await old.close();
    }
  });
});

describe('X12: Accept on 25.2', () => {
  it('X12: 25.2 answers its default representation without Accept (the client sends it all the same)', async () => {
    const old = await startSampleSandbox({ build: '25.2.5776.1', credentials });
    try {
      const token = await signIn(old.url).token();
      const created = await fetch(`${uiServer(old)}/api/ui/interactive/sessions/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(created.status).toBe(200);
      expect(created.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await created.json()).toMatchObject({ SessionId: expect.any(String), Status: 'Active' });
      // ended by the token that made it (on 25.2 another token of the user could not)
      await fetch(`${uiServer(old)}/api/ui/interactive/sessions`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      });
      const c = createClient({ baseUrl: old.url, uiServerUrl: uiServer(old), auth: signIn(old.url), drift: 'off' });
      const before = old.requests.length;
      await c.interactive.session(async () => undefined);
      expect(old.requests.slice(before).every((r) => r.headers['accept'] === 'application/json')).toBe(true);
    } finally {
      await old.close();
    }
  });
});

describe('cleanup', () => {
  it('every session opened by the tests above was deleted, including those whose work threw', () => {
    expect(server.interactive.created()).toBeGreaterThan(10);
    expect(server.interactive.openSessions()).toBe(0);
  });
});
