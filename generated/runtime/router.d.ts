import type { Http } from './http/types.js';
export declare const trimSlash: (url: string) => string;
/** The UI server's address: the one given, else the router's answer (asked once; asked again after a failure). */
export declare function router(baseUrl: string, http: Http, given?: string): () => Promise<string>;
