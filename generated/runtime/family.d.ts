import type { Http } from './http.js';
import type { Logger } from './retry.js';
export interface FamilyContext {
  /** the base host without a trailing slash: the query, REST, UDT and security families are called there */
  readonly baseUrl: string;
  /** the UI server (Transaction and Interactive APIs), found through the router once and shared */
  uiServer(): Promise<string>;
  /** one exchange with the server: the bearer token, `Accept: application/json`, retries, typed errors, redaction */
  readonly http: Http;
  /** the caller's logger (retries, renewals), when one was given */
  readonly log?: Logger;
}
/** A family: builds its client namespace (`client.<name>`) from the shared context. */
export type Family<Namespace extends object> = (context: FamilyContext) => Namespace;
