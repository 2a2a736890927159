import type { Http, HttpOptions } from './types.js';
/** The exchange every family and the token call use, from the client's options (http/types.ts says them). */
export declare function createHttp(options: HttpOptions): Http;
