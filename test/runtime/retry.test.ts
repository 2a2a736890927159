// The retry policy on its own: what is retried, how often, with which delays, and what the caller sees. The
// random source and the sleep are injected, so nothing here waits or depends on timing.
import { describe, expect, it } from 'vitest';
import {
  ErpConnectionError,
  ErpNotFoundError,
  ErpResponseWindowError,
  ErpServerError,
  ErpTimeoutError,
} from '../../templates/runtime/errors.js';
import { isResponseWindow, retryPolicy, retryReason, type RetryOptions } from '../../templates/runtime/retry.js';

const info = (status: number, serverMessage?: string) => ({
  request: 'GET /x',
  status,
  ...(serverMessage !== undefined ? { serverMessage } : {}),
});
const server = (status: number, message?: string) => new ErpServerError('server error', info(status, message));
const reset = () => new ErpConnectionError('the connection closed', info(0), true);

function recording(options: RetryOptions = {}) {
  const delays: number[] = [];
  const lines: string[] = [];
  const policy = retryPolicy({
    random: () => 1 - Number.EPSILON,
    sleep: async (ms) => void delays.push(ms),
    log: (l) => lines.push(l),
    ...options,
  });
  return { policy, delays, lines };
}

/** runs `failures` then succeeds; returns the result or the error, and the attempts made */
interface Outcome {
  readonly value?: string;
  readonly error?: Error & { attempts?: number };
  readonly calls: number;
  readonly delays: number[];
  readonly lines: string[];
}

async function run(kind: 'read' | 'write', failures: readonly Error[], options: RetryOptions = {}): Promise<Outcome> {
  const r = recording(options);
  let calls = 0;
  try {
    const value = await r.policy.run('GET /x', kind, async (n) => {
      calls++;
      expect(n).toBe(calls);
      const failure = failures[calls - 1];
      if (failure) throw failure;
      return 'ok';
    });
    return { value, calls, delays: r.delays, lines: r.lines };
  } catch (error) {
    return { error: error as Error & { attempts?: number }, calls, delays: r.delays, lines: r.lines };
  }
}

describe('retryReason', () => {
  it('reads: 502/503/504 and resets are transient, an opaque 500 once, a meant 500 and a 404 never', () => {
    for (const status of [502, 503, 504]) expect(retryReason(server(status), 'read')).toBe('transient');
    expect(retryReason(reset(), 'read')).toBe('transient');
    expect(retryReason(server(500), 'read')).toBe('opaque-500');
    expect(retryReason(server(500, 'Invalid column name: x'), 'read')).toBeUndefined();
    expect(retryReason(new ErpNotFoundError('not found', info(404)), 'read')).toBeUndefined();
    expect(retryReason(new ErpTimeoutError('no answer', info(0)), 'read')).toBeUndefined();
    expect(retryReason(new ErpConnectionError('refused', info(0), false), 'read')).toBeUndefined();
  });

  it('writes: only the unexpected response window', () => {
    for (const e of [server(502), server(503), server(500), reset()]) expect(retryReason(e, 'write')).toBeUndefined();
    expect(retryReason(new ErpResponseWindowError('window', info(200)), 'write')).toBe('response-window');
  });

  it('recognises the response window by its wording, not the unlicensed-window 500', () => {
    expect(isResponseWindow('Transaction 1:: Unexpected response window: Send Email')).toBe(true);
    expect(isResponseWindow('An email dialog is open')).toBe(true);
    expect(
      isResponseWindow('Window <<w_order_entry>> is not available or user does not have permission to open it'),
    ).toBe(false);
    expect(isResponseWindow('Customer ID is required')).toBe(false);
  });
});

describe('retryPolicy', () => {
  it('a transient read: retried up to 4 attempts with full-jitter exponential backoff, each retry logged', async () => {
    const r = await run('read', [server(503), server(502), server(504), server(503)]);
    expect(r.error).toBeInstanceOf(ErpServerError);
    expect(r.calls).toBe(4);
    expect(r.error!.attempts).toBe(4);
    expect(r.error!.message).toMatch(/\[4 attempts\]$/);
    expect(r.delays).toEqual([250, 500, 1000]);
    expect(r.lines).toEqual([
      'retrying GET /x after HTTP 503 (attempt 2 of 4, in 250 ms)',
      'retrying GET /x after HTTP 502 (attempt 3 of 4, in 500 ms)',
      'retrying GET /x after HTTP 504 (attempt 4 of 4, in 1000 ms)',
    ]);
  });

  it('the jitter is the injected random share of the step, capped by maxDelayMs', async () => {
    const r = await run('read', [reset(), reset(), reset(), reset(), reset()], {
      random: () => 0.25,
      maxAttempts: 6,
      baseDelayMs: 1000,
      maxDelayMs: 3000,
    });
    expect(r.delays).toEqual([250, 500, 750, 750, 750]);
    expect(r.value).toBe('ok');
  });

  it('an opaque 500 on a read: one retry', async () => {
    const r = await run('read', [server(500), server(500)]);
    expect(r.calls).toBe(2);
    expect(r.error!.attempts).toBe(2);
  });

  it('a write: never retried, the error untouched', async () => {
    const r = await run('write', [server(503)]);
    expect(r.calls).toBe(1);
    expect(r.error!.attempts).toBe(1);
    expect(r.error!.message).not.toMatch(/attempts/);
    expect(r.lines).toEqual([]);
  });

  it('the response window: a short random delay within [200, 1500] ms, 3 attempts', async () => {
    const w = () => new ErpResponseWindowError('window', info(200));
    const low = await run('write', [w(), w(), w()], { random: () => 0 });
    expect(low.delays).toEqual([200, 200]);
    expect(low.error!.attempts).toBe(3);
    const ok = await run('write', [w()], { random: () => 0.5 });
    expect(ok.value).toBe('ok');
    expect(ok.delays).toEqual([850]);
  });

  it('a success on the first attempt logs nothing', async () => {
    const r = await run('read', []);
    expect(r).toMatchObject({ value: 'ok', calls: 1, lines: [], delays: [] });
  });
});
