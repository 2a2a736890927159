/** Supplies bearer tokens; `invalidate()` is called after a 401 so the next call gets a fresh one. */
export interface AuthProvider {
  token(): Promise<string>;
  invalidate?(): void;
}
/** The part of a fetch Response the client reads. */
export interface FetchResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: {
    get(name: string): string | null;
  };
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}
/** The part of fetch the client calls: Node's global fetch fits, so does a test double or a proxying fetch. */
export type FetchLike = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    signal?: unknown;
    redirect?: 'follow' | 'manual';
  },
) => Promise<FetchResponse>;
export interface HttpOptions {
  readonly auth: string | AuthProvider;
  readonly timeoutMs?: number;
  readonly fetch?: FetchLike;
}
export interface Exchange {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  /** what messages show: method and path with the query string, never the host's credentials */
  readonly shown: string;
  /** the object asked for, `table/customer`, or the service, for messages */
  readonly object?: string;
  readonly body?: unknown;
}
export interface Http {
  json(exchange: Exchange): Promise<unknown>;
  bytes(exchange: Exchange): Promise<Uint8Array>;
}
export declare function createHttp(options: HttpOptions): Http;
