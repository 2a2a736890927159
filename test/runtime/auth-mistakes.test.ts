// Credentials given wrong are caught when the client (or its token provider) is made, each with a message that
// names the mistake, and nothing reaches the server. Against the sandbox: the same calls with the mistake mended
// sign in and read.
import { describe, expect, it } from 'vitest';
import { ErpConfigError, query } from '@acme/erp-schema';
import { createClient, tokenAuth, type ClientOptions } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { PASSWORD, sandboxes, USER } from '../support/sandbox.js';

const start = sandboxes();
const TOKEN = `eyJhbGciOiJub25lIn0.${'eyJzdWIiOiJhcGkifQ'}.c2ln`;

/** The error `make` throws, or the string 'no error'. */
function thrown(make: () => unknown): unknown {
  try {
    make();
  } catch (error) {
    return error;
  }
  return 'no error';
}

describe('auth mistakes, caught by createClient', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    [
      'the token with its Bearer prefix',
      `Bearer ${TOKEN}`,
      /^createClient: auth starts with "Bearer": give the token alone/,
    ],
    ['the prefix in lower case, with a colon', `bearer: ${TOKEN}`, /auth starts with "Bearer"/],
    ['an empty string', '', /^createClient: auth is an empty string: give the bearer token; .*environment variable/],
    ['only whitespace', '  ', /^createClient: auth is only whitespace/],
    ['undefined (an unset variable)', undefined, /^createClient: auth is undefined: .*that variable is not set/],
    ['a token with a line break copied along', `${TOKEN}\n`, /auth holds a line break or a NUL/],
    ['an object without token()', { value: TOKEN }, /auth is an object without a token\(\) method/],
  ];
  for (const [what, auth, message] of cases)
    it(`${what}: an ErpConfigError naming it, and no request sent`, async () => {
      const sandbox = await start();
      const error = thrown(() => createClient({ baseUrl: sandbox.url, auth } as unknown as ClientOptions));
      expect(error).toBeInstanceOf(ErpConfigError);
      expect((error as Error).message).toMatch(message);
      // no secret in the message
      expect((error as Error).message).not.toContain('eyJ');
      expect(sandbox.requests).toEqual([]);
    });

  it('the token alone is taken, and reads', async () => {
    const sandbox = await start({ tokens: { [TOKEN]: { tables: '*' } } });
    const client = createClient({ baseUrl: sandbox.url, auth: TOKEN });
    expect((await client.page(query(customer).select('customer_id').top(1))).rows).toHaveLength(1);
    const signed = tokenAuth({ baseUrl: sandbox.url, username: USER, password: PASSWORD });
    expect(await signed.token()).not.toBe('');
  });
});

describe('the base URL, caught when the client is made', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    [
      'no scheme',
      'erp.example.com',
      /^createClient: baseUrl "erp\.example\.com" has no scheme: give https:\/\/erp\.example\.com \(or http:\/\/erp\.example\.com for a server without TLS\)$/,
    ],
    [
      'a host and port, no scheme',
      '127.0.0.1:8080',
      /baseUrl "127\.0\.0\.1:8080" has no scheme: give https:\/\/127\.0\.0\.1:8080/,
    ],
    ['another scheme', 'ftp://erp.example.com', /baseUrl "ftp:\/\/erp\.example\.com" is not an http or https address/],
    ['undefined (an unset variable)', undefined, /^createClient: baseUrl is undefined: .*that variable is not set/],
  ];
  for (const [what, baseUrl, message] of cases)
    it(`${what}: an ErpConfigError from createClient, not a failure at the first call`, () => {
      const error = thrown(() => createClient({ baseUrl, auth: TOKEN } as unknown as ClientOptions));
      expect(error).toBeInstanceOf(ErpConfigError);
      expect((error as Error).message).toMatch(message);
      // tokenAuth's own baseUrl alike (without one, it takes the client's)
      if (baseUrl !== undefined)
        expect(
          thrown(() => tokenAuth({ baseUrl: baseUrl as string, username: USER, password: PASSWORD })),
        ).toBeInstanceOf(ErpConfigError);
    });

  it('https:// to a port that speaks plain HTTP is said in words, not as OpenSSL\'s "wrong version number"', async () => {
    const sandbox = await start();
    const client = createClient({ baseUrl: sandbox.url.replace(/^http:/, 'https:'), auth: TOKEN });
    const error = await client.page(query(customer).top(1)).catch((e: unknown) => e);
    expect((error as Error).name).toBe('ErpConnectionError');
    expect((error as Error).message).toMatch(
      /^could not reach https:\/\/127\.0\.0\.1:\d+: it answers plain HTTP, not HTTPS \(TLS\): is the base URL's scheme meant to be http:\/\/\?/,
    );
    expect((error as Error).message).not.toMatch(/version number|ssl3/i);
  });
});

describe('auth mistakes, caught by tokenAuth', () => {
  it('a consumer key from an unset variable names the consumer key, not a password', async () => {
    const sandbox = await start();
    const unset = process.env['ERPGEN_TEST_SURELY_UNSET'];
    const error = thrown(() => tokenAuth({ baseUrl: sandbox.url, consumerKey: unset! }));
    expect(error).toBeInstanceOf(ErpConfigError);
    expect((error as Error).message).toBe(
      'tokenAuth: consumerKey is undefined (is the environment variable that holds it set?)',
    );
    expect(sandbox.requests).toEqual([]);
  });

  it('an empty consumer key, with a user name', async () => {
    const sandbox = await start();
    expect(thrown(() => tokenAuth({ baseUrl: sandbox.url, consumerKey: '', username: USER }))).toMatchObject({
      message: 'tokenAuth: consumerKey is an empty string (is the environment variable that holds it set?)',
    });
  });

  it('a password from an unset variable names the password', async () => {
    const sandbox = await start();
    expect(thrown(() => tokenAuth({ baseUrl: sandbox.url, username: USER, password: undefined! }))).toMatchObject({
      name: 'ErpConfigError',
      message: 'tokenAuth: password is undefined (is the environment variable that holds it set?)',
    });
  });
});
