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
export { assertPassed, ErpTransactionFailedError, parseTransactionResponse } from './transaction-wire.js';
export type {
  Edit,
  TransactionGetRequest,
  TransactionRequest,
  TransactionResponse,
  TransactionResult,
  TransactionSet,
  WireDataElement,
  WireRow,
  WireTransaction,
} from './transaction-wire.js';
export { defineService, ErpTransactionBuildError } from './transaction.js';
export type {
  DateValue,
  ElementDescriptor,
  FieldDescriptor,
  FieldType,
  KeyOptions,
  NumericValue,
  RequestOptions,
  Service,
  ServiceDescriptor,
  Transaction,
} from './transaction.js';
