// The Interactive family's reading of answers the sandbox does not give: the Status as a word, event data as an
// object, the window id only in a windowopened event, Status 0 of older builds, an unknown Status, a 409 that
// persists, and a failed session delete. Driven by a fetch double that answers by method and path.
import { describe, expect, it } from 'vitest';
import { ErpHttpError, ErpUnexpectedResponseError } from '@acme/erp-schema';
import { createClient, type FetchLike } from '@acme/erp-schema/client';

type FetchResponse = Awaited<ReturnType<FetchLike>>;
import { Order } from '@acme/erp-schema/transactions/Order';

type Answer = { status: number; body: unknown };

function fakeServer(answers: Record<string, Answer | Answer[]>) {
  const calls: string[] = [];
  const fetch: FetchLike = async (url, init) => {
    const path = new URL(url).pathname.replace(/^\/ui/, '');
    const key = `${init.method} ${path}`;
    calls.push(key);
    const entry = answers[key] ?? { status: 404, body: '' };
    const answer = Array.isArray(entry) ? (entry.length > 1 ? entry.shift()! : entry[0]!) : entry;
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const response: FetchResponse = {
      ok: answer.status < 400,
      status: answer.status,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => text,
      arrayBuffer: async () => new TextEncoder().encode(text).buffer as ArrayBuffer,
    };
    return response;
  };
  const client = createClient({
    baseUrl: 'http://erp.test',
    uiServerUrl: 'http://erp.test/ui',
    auth: 'user-token',
    fetch,
    // the tests read the requests in order: no drift check (test/runtime/drift.test.ts) among them
    drift: 'off',
    retry: { maxAttempts: 1 },
  });
  return { client, calls };
}

const SESSION = {
  'POST /api/ui/interactive/sessions/': { status: 200, body: { Id: 'S1' } },
  'DELETE /api/ui/interactive/sessions': { status: 200, body: {} },
};

describe('interactive answers', () => {
  it('reads the Status as a word, event data as an object, and a window id given only in its windowopened event', async () => {
    const { client } = fakeServer({
      ...SESSION,
      'POST /api/ui/interactive/v2/window': {
        status: 200,
        body: { Status: 'Success', Events: [{ Name: 'windowopened', Data: { WindowId: 'W1' } }] },
      },
      'PUT /api/ui/interactive/v2/data': {
        status: 200,
        body: { Status: 'Blocked', Events: [{ Name: 'WindowOpened', Data: { windowid: 'D1' } }], Messages: [] },
      },
    });
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      expect(w.id).toBe('W1');
      const saved = await w.save();
      expect(saved.kind).toBe('blocked');
      expect(saved.kind === 'blocked' && saved.responseWindow.id).toBe('D1');
    });
  });

  it('Status 0 (older builds) is success; messages keep their Type whatever their count', async () => {
    const { client } = fakeServer({
      ...SESSION,
      'POST /api/ui/interactive/v2/window': { status: 200, body: { WindowId: 'W1', Status: 1 } },
      'PUT /api/ui/interactive/v2/data': {
        status: 200,
        body: {
          Status: 0,
          Messages: [
            { Text: 'Saved.', Type: 1 },
            { Text: 'Printed.', Type: 1 },
          ],
          Events: [],
        },
      },
    });
    await client.interactive.session(async (s) => {
      const saved = await (await s.open(Order)).save();
      expect(saved.kind).toBe('ok');
      expect(saved.messages.map((m) => m.Type)).toEqual([1, 1]);
    });
  });

  it('an unknown Status, or none, is an ErpUnexpectedResponseError', async () => {
    const { client } = fakeServer({
      ...SESSION,
      'POST /api/ui/interactive/v2/window': { status: 200, body: { WindowId: 'W1' } },
      'PUT /api/ui/interactive/v2/data': [
        { status: 200, body: { Status: 7 } },
        { status: 200, body: { Events: [] } },
      ],
    });
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      await expect(w.save()).rejects.toThrow(/unknown Status 7/);
      await expect(w.save()).rejects.toBeInstanceOf(ErpUnexpectedResponseError);
    });
  });

  it('a 409 that persists after deleting the token sessions is thrown, after exactly one more try', async () => {
    const { client, calls } = fakeServer({
      'POST /api/ui/interactive/sessions/': { status: 409, body: { ErrorMessage: 'Session already exists.' } },
      'DELETE /api/ui/interactive/sessions': { status: 200, body: {} },
    });
    const error = await client.interactive.session(async () => 'never').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpHttpError);
    expect((error as ErpHttpError).status).toBe(409);
    expect(calls).toEqual([
      'POST /api/ui/interactive/sessions/',
      'DELETE /api/ui/interactive/sessions',
      'POST /api/ui/interactive/sessions/',
    ]);
  });

  it('a session whose delete fails after the work succeeded is an error saying the work completed', async () => {
    const { client } = fakeServer({
      'POST /api/ui/interactive/sessions/': { status: 200, body: { SessionId: 'S1' } },
      'DELETE /api/ui/interactive/sessions': { status: 400, body: { ErrorMessage: 'Invalid session' } },
    });
    await expect(client.interactive.session(async () => 'done')).rejects.toThrow(
      /work completed, but ending the session failed/,
    );
  });

  it('a session answer without Id or SessionId is an ErpUnexpectedResponseError, and the session is deleted', async () => {
    const { client, calls } = fakeServer({
      ...SESSION,
      'POST /api/ui/interactive/sessions/': { status: 200, body: { Status: 'Active' } },
    });
    await expect(client.interactive.session(async () => 'never')).rejects.toThrow(/no Id \(nor SessionId\)/);
    expect(calls.at(-1)).toBe('DELETE /api/ui/interactive/sessions');
  });
});
