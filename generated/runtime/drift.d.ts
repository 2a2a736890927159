import type { DefinitionsOverlay } from './contract.js';
import type { Http } from './http/types.js';
import type { Logger } from './logger.js';
/**
 * Where the package's snapshot came from, as `erpgen generate` found it. A field is undefined when the snapshot does
 * not say: `build` and `fetchedAt` come from the manifest `erpgen fetch` writes, so a snapshot made by hand (or a
 * fetch whose serverinfo named no build) has neither.
 */
export interface Provenance {
  /** the server build `erpgen fetch` read from serverinfo, e.g. `26.1.5940.0` */
  readonly build?: string;
  /** sha256 (hex) of the snapshot's files: the schema documents, services.json and every definition */
  readonly snapshotDigest?: string;
  /** when `erpgen fetch` fetched the snapshot (ISO 8601) */
  readonly fetchedAt?: string;
  /**
   * What the team told erpgen about its server (erpgen.config.json `definitions`), as applied to the transaction
   * services' types: undefined when it told nothing
   */
  readonly definitions?: DefinitionsOverlay;
}
/** `warn`: one line through the logger; `error`: every call is refused with an ErpDriftError; `off`: not checked. */
export type DriftMode = 'warn' | 'error' | 'off';
/** The client's logger, or the console's warnings when none was given: a warning no one sees is none. */
export declare function warner(log: Logger | undefined): Logger;
export interface DriftGuardOptions {
  readonly mode: DriftMode;
  readonly provenance: Provenance | undefined;
  /** the client's HTTP layer, unguarded: the guard's own request must not wait for itself */
  readonly http: Http;
  readonly uiServer: () => Promise<string>;
  readonly log: Logger | undefined;
}
/**
 * `http` with the guard in front of it, or `http` itself when there is nothing to check (mode `off`, or a package
 * without a recorded build).
 */
export declare function guardDrift(options: DriftGuardOptions): Http;
