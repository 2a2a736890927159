import type { Http, HttpOptions } from './http/types.js';
export type {
  AbortSignalLike,
  AuthAttachment,
  AuthProvider,
  BodySink,
  Exchange,
  FetchLike,
  FetchResponse,
  Http,
  HttpOptions,
} from './http/types.js';
export declare function createHttp(options: HttpOptions): Http;
