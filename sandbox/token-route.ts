// The security family on the base host: POST /api/security/token/v2 (current) and the deprecated POST
// /api/security/token (credentials in headers). Tokens are JWT-shaped (header.claims.signature, HMAC-SHA256 with a
// secret made at start) and carry the documented claims: `sub`, `aud` (the consumer key's scope, OData allow-list
// included), `Svc.ConsumerUid`, `Svc.SessionId`, `iss` = `Svc.Soa`, `exp`. Which user and which key exist, and what
// a key's scope is, are the sandbox's options.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { grantOfScope, type TokenGrant } from './auth.js';
import { emptyReply, jsonReply, type Reply, type ServiceRequest } from './reply.js';
import type { Routes } from './server.js';

/** documented typical lifetimes */
const USER_TOKEN_SECONDS = 86_400;
const KEY_TOKEN_SECONDS = 630_720_000;
/** `exp` of a Never Expire consumer key */
const NEVER = 2_147_483_647;

export interface Credentials {
  /** user name -> password */
  readonly users?: Readonly<Record<string, string>>;
  /**
   * consumer key -> its scope as configured on the administration site, e.g. `/api;/odata:customer,oe_hdr`; an
   * empty scope is a key registered without one (its token call answers 403 insufficient_scope)
   */
  readonly consumerKeys?: Readonly<Record<string, string>>;
  /**
   * users without the data query permission (`Allow OData API Service` is No, or their role allows no table or
   * view): their tokens are valid, and every query answers the same not-authorized 401 as an unknown token's
   */
  readonly withoutOdataPermission?: readonly string[];
}

export interface TokenSettings {
  /** answer token calls in XML (`<AccessToken>`), as some middleware does */
  readonly xml: boolean;
  /** seconds a new token lives; undefined: the documented typical lifetimes */
  readonly lifetime: number | undefined;
  /** each token call ends the sessions of earlier calls for the same user or key ("may invalidate", rule 4) */
  readonly oneSession: boolean;
}

interface Claims {
  readonly sub: string;
  readonly aud: string;
  readonly 'Svc.ConsumerUid'?: string;
  readonly 'Svc.SessionId': string;
  readonly iss: 'Svc.Soa';
  readonly exp: number;
  readonly iat: number;
}

interface Session {
  readonly grant: TokenGrant;
  readonly who: string;
  readonly serial: number;
}

function base64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

export class TokenIssuer {
  private readonly secret = randomBytes(32);
  private readonly sessions = new Map<string, Session>();
  private readonly latest = new Map<string, number>();
  /** tokens issued before this serial count as expired (forced expiry) */
  private expiredBefore = 0;
  private serial = 0;
  /** how many tokens were issued, for tests that count token calls */
  issued = 0;

  constructor(private readonly settings: () => TokenSettings) {}

  issue(who: string, sub: string, grant: TokenGrant, aud: string, lifetime: number, consumer?: string): string {
    const now = Math.floor(Date.now() / 1000);
    const sessionId = randomUUID();
    const claims: Claims = {
      sub,
      aud,
      ...(consumer !== undefined ? { 'Svc.ConsumerUid': consumer } : {}),
      'Svc.SessionId': sessionId,
      iss: 'Svc.Soa',
      exp: lifetime >= KEY_TOKEN_SECONDS ? NEVER : now + lifetime,
      iat: now,
    };
    const body = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
    const serial = ++this.serial;
    this.sessions.set(sessionId, { grant: { ...grant, user: sub }, who, serial });
    this.latest.set(who, serial);
    this.issued++;
    return `${body}.${this.sign(body)}`;
  }

  /** The grant of a token this issuer made, if it is still valid. */
  verify(token: string): TokenGrant | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const expected = Buffer.from(this.sign(`${parts[0]}.${parts[1]}`));
    const given = Buffer.from(parts[2]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Claims;
    const session = this.sessions.get(claims['Svc.SessionId']);
    if (!session || session.serial <= this.expiredBefore) return undefined;
    if (claims.exp !== NEVER && claims.exp * 1000 <= Date.now()) return undefined;
    if (this.settings().oneSession && this.latest.get(session.who) !== session.serial) return undefined;
    return session.grant;
  }

  /** Every token issued so far is expired from now on: the next request with one gets the 401 a lapsed token gets. */
  expireAll(): void {
    this.expiredBefore = this.serial;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}

const TOKEN_V2 = '/api/security/token/v2';
const TOKEN_V1 = '/api/security/token';

export interface TokenRouteContext {
  /** read at every token call: a test may change them (a scope changed on the administration site) */
  readonly credentials: () => Credentials;
  readonly issuer: TokenIssuer;
  readonly settings: () => TokenSettings;
}

type Body = Record<string, unknown>;

export function tokenRoutes(ctx: TokenRouteContext): Routes {
  return {
    name: 'security',
    owns: (path) => path === TOKEN_V2 || path === TOKEN_V1,
    access: 'none',
    route: (request) => tokenAnswer(ctx, request),
  };
}

function tokenAnswer(ctx: TokenRouteContext, request: ServiceRequest): Reply {
  if (request.method !== 'POST') return emptyReply(405, { Allow: 'POST' });
  let body: Body;
  if (request.path === TOKEN_V1) {
    // the deprecated endpoint: credentials in headers, no consumer key
    body = { username: request.headers['username'], password: request.headers['password'] };
  } else {
    if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? ''))
      return invalidRequest('The request body must be sent as Content-Type: application/json.');
    try {
      const parsed = JSON.parse(request.body ?? '') as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        return invalidRequest('The request body must be a JSON object.');
      body = parsed as Body;
    } catch {
      return invalidRequest('The request body is not valid JSON.');
    }
  }
  return typeof body.ClientSecret === 'string' ? consumerKeyToken(ctx, body) : userToken(ctx, body);
}

function invalidRequest(description: string): Reply {
  return jsonReply(400, { error: 'invalid_request', error_description: description });
}

function invalidGrant(): Reply {
  return jsonReply(401, { error: 'invalid_grant', error_description: 'The user name or password is incorrect.' });
}

function userToken(ctx: TokenRouteContext, body: Body): Reply {
  const { username, password } = body;
  if (typeof username !== 'string' || typeof password !== 'string')
    return invalidRequest('Give username and password, or ClientSecret and GrantType.');
  const credentials = ctx.credentials();
  const users = credentials.users ?? {};
  if (!Object.prototype.hasOwnProperty.call(users, username) || users[username] !== password) return invalidGrant();
  const settings = ctx.settings();
  const lifetime = settings.lifetime ?? USER_TOKEN_SECONDS;
  // unless listed without it, the user has `Allow OData API Service` and a role that allows every object (a choice)
  const odata = !(credentials.withoutOdataPermission ?? []).includes(username);
  const token = ctx.issuer.issue(`user:${username}`, username, { tables: odata ? '*' : [] }, '/api', lifetime);
  return tokenReply(settings.xml, [
    ['AccessToken', token],
    ['RefreshToken', randomBytes(24).toString('base64')],
    ['ExpiresInSeconds', lifetime],
    ['TokenType', 'Bearer'],
  ]);
}

function consumerKeyToken(ctx: TokenRouteContext, body: Body): Reply {
  const key = body.ClientSecret as string;
  if (body.GrantType !== 'client_credentials')
    return jsonReply(400, {
      error: 'unsupported_grant_type',
      error_description: 'A ClientSecret is sent with GrantType client_credentials.',
    });
  const credentials = ctx.credentials();
  const keys = credentials.consumerKeys ?? {};
  const keyNames = Object.keys(keys);
  if (!Object.prototype.hasOwnProperty.call(keys, key)) {
    // documented: HTTP 500, the generic message, the cause in InnerException, and the key echoed back
    return jsonReply(500, {
      DateTimeStamp: new Date().toISOString().slice(0, 19),
      ErrorMessage: 'Unable to generate client token.',
      ErrorType: 'Svc.Business.Common.TokenException',
      HostName: 'SANDBOX',
      InnerException: `No resource found for the consumer key ${key}.`,
      LogId: randomUUID(),
      StackTrace: null,
      UserId: null,
    });
  }
  const username = body.username;
  const users = credentials.users ?? {};
  if (
    username !== undefined &&
    (typeof username !== 'string' || !Object.prototype.hasOwnProperty.call(users, username))
  )
    return jsonReply(401, { error: 'invalid_grant', error_description: 'The user name is not a user account.' });
  const scope = keys[key]!;
  if (scope.trim() === '')
    return jsonReply(403, { error: 'insufficient_scope', error_description: 'The consumer key has no API scope.' });
  const settings = ctx.settings();
  const lifetime = settings.lifetime ?? KEY_TOKEN_SECONDS;
  const consumerUid = String(keyNames.indexOf(key) + 1);
  const sub = typeof username === 'string' ? username : '';
  const token = ctx.issuer.issue(`key:${consumerUid}`, sub, grantOfScope(scope), scope, lifetime, consumerUid);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Claims;
  return tokenReply(settings.xml, [
    ['AccessToken', token],
    ['TokenType', 'Bearer'],
    ['UserName', sub],
    ['ExpiresIn', lifetime],
    ['RefreshToken', ''],
    ['Scope', scope],
    ['SessionId', claims['Svc.SessionId']],
    ['ConsumerUid', consumerUid],
    ['AppKey', null],
  ]);
}

function xmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function tokenReply(xml: boolean, fields: ReadonlyArray<readonly [string, string | number | null]>): Reply {
  if (!xml) return jsonReply(200, Object.fromEntries(fields));
  const inner = fields
    .map(([name, value]) =>
      value === null ? `<${name} i:nil="true"/>` : `<${name}>${xmlText(String(value))}</${name}>`,
    )
    .join('');
  return {
    status: 200,
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
    body: `<?xml version="1.0" encoding="utf-8"?><TokenResponse xmlns:i="http://www.w3.org/2001/XMLSchema-instance">${inner}</TokenResponse>`,
  };
}
