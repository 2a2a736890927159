import { type ServiceDescriptor } from '../define-service.js';
import type { TransactionRequest } from '../transaction-wire.js';
/**
 * The services public documentation names as needing POST /api/v2/commands instead of /api/v2/transaction (the
 * published list; a tenant may have others).
 */
export declare const COMMANDS_SERVICES: ReadonlySet<string>;
/** The actions of the commands endpoint (unverified: taken from public client code, not from a published body). */
export declare const COMMAND_ACTIONS: {
  readonly openWindow: 0;
  readonly close: 1;
  readonly changeData: 2;
  readonly selectRow: 5;
  readonly save: 6;
  readonly runTool: 9;
};
export interface Command {
  readonly Action: number;
  readonly DetailLevel: number;
  readonly Args?: Readonly<Record<string, unknown>>;
}
/** The body of POST /api/v2/commands. Unverified: no request body was ever published. */
export interface CommandsRequest {
  readonly Requests: readonly Command[];
}
/**
 * The commands a transaction request stands for, per transaction: open the service's window, change each
 * element's fields (a keyed row's key fields first: setting them retrieves the record), save, close. A List element
 * of more than one row is refused: the commands endpoint's documented actions select rows but do not add them.
 */
export declare function commandsRequest(
  service: {
    readonly descriptor: ServiceDescriptor;
  },
  request: TransactionRequest,
): CommandsRequest;
