// Redaction and token claims: what a message may show of a server's body, a URL and a token.
import { describe, expect, it } from 'vitest';
import { odataAllowList, tokenClaims, tokenExpiry } from '../../templates/runtime/jwt.js';
import { preview, redact, redactBody, shownUrl } from '../../templates/runtime/redact.js';
import { parseTokenAnswer } from '../../templates/runtime/auth.js';

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: unknown) => `${b64url({ alg: 'HS256' })}.${b64url(claims)}.c2ln`;

describe('redact', () => {
  it('cuts out the given secrets, longest first', () => {
    expect(redact('pw=hunter2 and hunter2x', ['hunter2', 'hunter2x'])).toBe('pw=[redacted] and [redacted]');
  });

  it('a secret in every encoding a server in this family produces, nested', () => {
    const secret = 'pa.ss_w~rd-"x y\\é';
    const entities = (s: string) =>
      s
        .replace(/&/g, '&amp;')
        .replace(/-/g, '&#45;')
        .replace(/\./g, '&period;')
        .replace(/_/g, '&#x5F;')
        .replace(/~/g, '&#126;')
        .replace(/"/g, '&quot;');
    const java = (s: string) =>
      encodeURIComponent(s)
        .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
        .replace(/%20/g, '+');
    const escapeAll = (s: string) =>
      s.replace(/[^A-Za-z0-9]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const forms = {
      'percent-encoded twice (%2522)': encodeURIComponent(encodeURIComponent(secret)),
      'percent-encoded three times': encodeURIComponent(encodeURIComponent(encodeURIComponent(secret))),
      "Java's URLEncoder (~ as %7E, space as +)": java(secret),
      'HTML entities, named and numeric, for - . _ ~ too': entities(secret),
      'entities escaped again (&amp;#45;)': entities(entities(secret)),
      'entities, percent-encoded': encodeURIComponent(entities(secret)),
      'JSON \\u escapes of every character but letters and digits': escapeAll(secret),
      'those in a JSON string': JSON.stringify(escapeAll(secret)),
      'percent-encoded in a JSON string in a JSON string': JSON.stringify(JSON.stringify(java(secret))),
    };
    // what encloses it stays (a character next to it may go with it: an edge takes as many encoded characters as
    // the secret's bytes), nothing of it does
    for (const [how, form] of Object.entries(forms)) {
      const shown = redact(`said: <${form}> ok`, [secret]);
      expect(shown, how).toMatch(/^said: <.*\[redacted\].* ok$/);
      for (const run of ['pa', 'ss', 'rd']) expect(shown, how).not.toContain(run);
    }
  });

  it('cuts out what is shaped like a credential', () => {
    expect(redact('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer [redacted]');
    expect(redact(`token ${jwt({ sub: 'x' })} here`)).toBe('token [redacted] here');
    expect(redact('could not reach https://demo:s3cret@erp.example.com/x')).toBe(
      'could not reach https://[redacted]@erp.example.com/x',
    );
    expect(redact('{"password":"a\\"b","ClientSecret":"k","user":"u"}')).toBe(
      '{"password":"[redacted]","ClientSecret":"[redacted]","user":"u"}',
    );
    expect(redact('<a:AccessToken>tok</a:AccessToken>')).toBe('<a:AccessToken>[redacted]</a:AccessToken>');
    expect(redact('password=abc&user=u')).toBe('password=[redacted]&user=u');
  });

  it('leaves prose about tokens alone', () => {
    expect(redact('the token: invalid or expired')).toBe('the token: invalid or expired');
  });

  it('in a server body, every GUID (it may be a consumer key)', () => {
    expect(redactBody('No resource for consumer key 6F1C2A9E-0B7D-4C3E-9A51-2D8E7F4B1C60.')).toBe(
      'No resource for consumer key [redacted].',
    );
  });

  it('shownUrl drops user information only', () => {
    expect(shownUrl('http://u:p@h:1/a?b=c')).toBe('http://h:1/a?b=c');
  });

  it('preview never throws and is bounded', () => {
    const deep = JSON.parse(`${'['.repeat(50_000)}${']'.repeat(50_000)}`);
    expect(preview(deep, redact)).toBe('[an array nested too deeply to show]');
    expect(preview('x'.repeat(1000), redact, 10)).toBe('"xxxxxxxxx…');
    expect(preview(undefined, redact)).toBe('undefined');
  });
});

describe('token claims', () => {
  it('reads the claims of a JWT, nothing of an opaque token', () => {
    expect(tokenClaims(jwt({ sub: 'ü', exp: 10 }))).toEqual({ sub: 'ü', exp: 10 });
    expect(tokenClaims('opaque')).toBeUndefined();
    expect(tokenClaims('a.%%%.c')).toBeUndefined();
    expect(tokenExpiry(jwt({ exp: 2147483647 }))).toBe(2147483647000);
  });

  it('the OData allow-list of the aud claim', () => {
    expect([...odataAllowList(jwt({ aud: '/api;/odata:customer,OE_HDR' }))!]).toEqual(['customer', 'oe_hdr']);
    expect([...odataAllowList(jwt({ aud: ['/api', '/odata:inv_mast'] }))!]).toEqual(['inv_mast']);
    expect(odataAllowList(jwt({ aud: '/odata' }))!.size).toBe(0);
    expect(odataAllowList(jwt({ aud: '/api;/p21sdk' }))).toBeUndefined();
    expect(odataAllowList(jwt({ sub: 'user' }))).toBeUndefined();
    expect(odataAllowList('opaque')).toBeUndefined();
  });
});

describe('the token answer', () => {
  it('JSON with ExpiresInSeconds or ExpiresIn; XML with either', () => {
    expect(parseTokenAnswer('{"AccessToken":"t","ExpiresInSeconds":86400}')).toEqual({ token: 't', lifetime: 86400 });
    expect(parseTokenAnswer('{"AccessToken":"t","ExpiresIn":"630720000"}')).toEqual({
      token: 't',
      lifetime: 630720000,
    });
    expect(parseTokenAnswer('{"AccessToken":"t"}')).toEqual({ token: 't', lifetime: undefined });
    expect(
      parseTokenAnswer('<r xmlns="x"><a:AccessToken>t&amp;u</a:AccessToken><ExpiresIn>60</ExpiresIn></r>'),
    ).toEqual({
      token: 't&u',
      lifetime: 60,
    });
    expect(parseTokenAnswer('{"Token":"t"}')).toBeUndefined();
    expect(parseTokenAnswer('<r/>')).toBeUndefined();
  });
});
