/** The UTF-8 text of base64url (padded or not), or undefined when it is not base64. */
export declare function fromBase64Url(text: string): string | undefined;
/** The claims of a JWT, or undefined when the token is not one (an opaque token is fine: nothing is known). */
export declare function tokenClaims(token: string): Record<string, unknown> | undefined;
/** When the token expires, in epoch milliseconds, if it says. */
export declare function tokenExpiry(token: string): number | undefined;
/**
 * The tables and views a token may query on the data query surface, from the OData entries of its `aud`
 * claim (`/api;/odata:customer,oe_hdr`): undefined when the token says nothing about it (not a JWT, no `aud`, or
 * a user's token without an `/odata` entry, whose permissions live on the server), else the names, lower-cased.
 * A bare `/odata` names no table (the scope rule is that tables must be named), and neither does the scope of a
 * consumer key's token (one with `Svc.ConsumerUid`) without an `/odata` entry: both are an empty set.
 */
export declare function odataAllowList(token: string): ReadonlySet<string> | undefined;
