import type { ServiceDescriptor } from '../define-service.js';
import type {
  TransactionGetRequest,
  TransactionOutcome,
  TransactionRequest,
  TransactionSet,
} from '../transaction-wire.js';
import type { AsyncOptions } from './async.js';
import type { TransactionOptions } from './exchange.js';
export type { AsyncOptions } from './async.js';
export type { TransactionOptions } from './exchange.js';
/** The Transaction API's members of the client. */
export interface Transactions {
  /**
   * POST /api/v2/transaction. The answer has one outcome per transaction (`transactions[i].status`, its messages,
   * its record's keys). Fails (ErpTransactionFailedError, with the server's messages and, in `result`, every outcome
   * and `result.failed`: each failed transaction as a request of its own) unless every transaction passed. Never
   * resent, except after the unexpected response window when nothing was applied. With `verify` (the default for a
   * request with IgnoreDisabled) every passed transaction is read back (one POST /api/v2/transaction/get) and each
   * field sent compared with what is stored: one not stored is an ErpWriteNotAppliedError, one stored in another
   * form a line in the log (an error under `'strict'`); `transactions[i].verified` says what was compared.
   * Free text the builder cut to its column's length is logged, one line per field, and returned in `warnings`;
   * with `truncate: 'error'` (here or on the client) the request is refused before sending (ErpTruncationError).
   */
  transaction(request: TransactionRequest, options?: TransactionOptions): Promise<TransactionOutcome>;
  /**
   * POST /api/v2/transaction/async (answered 202 `{RequestId, Status: "Active"}`, or on some builds 200 with
   * `Status` 3), then polls `?id=` with backoff until `Complete` (2) or `Failed`, or the deadline; the same outcome
   * as transaction(). A `Failed` request is an ErpTransactionFailedError carrying the server's text. A `Complete`
   * request whose `Messages` is not the JSON envelope (captures show it may hold only text) is not an error: the
   * answer then has `Results: null`, the text in `Messages` and every transaction counted in `Summary.Other`
   * (their outcome unknown): read the records back with transactionGet() to know what was written.
   */
  transactionAsync(request: TransactionRequest, options?: AsyncOptions): Promise<TransactionOutcome>;
  /** POST /api/v2/transaction/get: reads rows back (a write with IgnoreDisabled can succeed and write nothing). */
  transactionGet(request: TransactionGetRequest): Promise<TransactionSet>;
  /**
   * POST /api/v2/commands: the same transactions played as window steps (open, change data, save, close), for
   * services that fail on /transaction (COMMANDS_SERVICES names those public documentation lists; an empty HTTP 500
   * from /transaction says so). Built from the service's request: `client.commands(Order, Order.request([...],
   * {...}))`. Never resent. Unverified: no request or answer body was ever published, so the body is the one public
   * client code sends, and the answer is resolved as sent.
   */
  commands(
    service: {
      readonly descriptor: ServiceDescriptor;
    },
    request: TransactionRequest,
    options?: Pick<TransactionOptions, 'truncate'>,
  ): Promise<unknown>;
  /** POST /api/v2/process/pdfreport for a report service (`m_*`): the report's bytes. */
  report(request: TransactionRequest): Promise<Uint8Array>;
  /**
   * GET /api/v2/services: the names of the transaction services the server lists (report services are hidden). Its
   * JSON form was never published; a list of names, of `{Name}` objects, `{value: [...]}` and `{Services: [...]}`
   * are all read.
   */
  services(): Promise<string[]>;
  /**
   * The server's build from GET {ui_server}/ui/common/v1/serverinfo: `Version` -> `Application Version` (the
   * sections a capture shows) or the flat keys the documents name; undefined when it holds neither.
   */
  serverBuild(): Promise<string | undefined>;
}
export declare const transactions: import('../family.js').Family<Transactions>;
