// Type-level guarantees of signing in (API.md section 6): tokenAuth takes user credentials or a consumer key,
// never both and never half of either. Compiled by test/package/types.test.ts with TypeScript 7 and TypeScript 6.
import { createClient, retryPolicy, tokenAuth, type TokenAuth } from '@acme/erp-schema/client';

const baseUrl = 'https://erp.example.com';
const key: string = 'from the environment';

export const byKey: TokenAuth = tokenAuth({ baseUrl, consumerKey: key });
export const byKeyForUser = tokenAuth({ baseUrl, consumerKey: key, username: 'jsmith' });
export const byUser = tokenAuth({ baseUrl, username: 'demo', password: key });
export const client = createClient({ baseUrl, auth: byKey, retry: retryPolicy({ log: (line: string) => line }) });
export const withOptions = createClient({ baseUrl, auth: byUser, retry: { maxAttempts: 2 }, log: () => undefined });

// @ts-expect-error a user without a password
tokenAuth({ baseUrl, username: 'demo' });
// @ts-expect-error a password without a user
tokenAuth({ baseUrl, password: key });
// @ts-expect-error a consumer key and a password together
tokenAuth({ baseUrl, consumerKey: key, username: 'demo', password: key });
// no base URL: createClient gives it the client's (a tokenAuth used on its own says at its first token() call)
export const clients = createClient({ baseUrl, auth: tokenAuth({ consumerKey: key }) });
// @ts-expect-error rows takes an AbortSignal, not a boolean
client.rows(undefined as never, { signal: true });
