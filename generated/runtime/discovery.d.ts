import type { Http } from './http/types.js';
/**
 * The names in a service list. Its JSON form was never published: public clients read a list of `{Name}` objects
 * and, defensively, a bare list of names, `{value: [...]}` and `{Services: [...]}`, so all four are read. Undefined
 * when the value is none of them.
 */
export declare function serviceNames(value: unknown): string[] | undefined;
/**
 * The build in a serverinfo answer. The documents name the keys `Version` / `Application Version`; a public capture
 * shows them as sections, the build at `Version` -> `Application Version`. Both forms are read, and the flat keys
 * at the top too. `Monitoring` -> `shortversion` is never read: it answered `0.0` on 26.1.5930.1.
 */
export declare function serverBuildOf(value: unknown): string | undefined;
/** The path of serverinfo on the UI server. */
export declare const SERVERINFO_PATH = '/ui/common/v1/serverinfo';
/** Reads the server's build from serverinfo on `uiServer` (one request); undefined when the answer names none. */
export declare function readServerBuild(http: Http, uiServer: string): Promise<string | undefined>;
