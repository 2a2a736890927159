// The runtime's public API, re-exported by the generated package's index (which adds `query`, made with the
// package's default page size).
export { createClient } from './client.js';
export type {
  AsyncOptions,
  AuthProvider,
  ClientOptions,
  ErpClient,
  FetchLike,
  Page,
  TransactionOptions,
} from './client.js';
export {
  ErpError,
  ErpFilterRejectedError,
  ErpHttpError,
  ErpLiteralError,
  ErpNotAuthorizedError,
  ErpNotFoundError,
  ErpQueryError,
  ErpServerError,
  ErpUnexpectedResponseError,
} from './errors.js';
export { and, not, or } from './filter.js';
export type { ColumnAccessor, Columns, ComparableColumn, Filter, NullTestColumn, StringColumn } from './filter.js';
export { decimal } from './literals.js';
export type { DateString, DateTimeString, Decimal } from './literals.js';
export { defineObject } from './object.js';
export type { ColumnKind, QueryObject, RowOf, Surface } from './object.js';
export { changedSince, Query, queryWith } from './query.js';
export type { Direction, QueryOptions, QuerySettings, ResultOf, RunnableQuery } from './query.js';
export { assertPassed, defineService, ErpTransactionBuildError, ErpTransactionFailedError } from './transaction.js';
export type {
  DateValue,
  Edit,
  ElementDescriptor,
  FieldDescriptor,
  FieldType,
  KeyOptions,
  NumericValue,
  RequestOptions,
  Service,
  ServiceDescriptor,
  Transaction,
  TransactionGetRequest,
  TransactionRequest,
  TransactionResponse,
  TransactionResult,
  TransactionSet,
  WireDataElement,
  WireRow,
  WireTransaction,
} from './transaction.js';
