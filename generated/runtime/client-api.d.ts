export { tokenAuth } from './auth.js';
export type { ConsumerKeyCredentials, TokenAuth, TokenAuthOptions, UserCredentials } from './auth.js';
export { createClientWith } from './client.js';
export type {
  AbortSignalLike,
  AsyncOptions,
  AttributeValue,
  AuthAttachment,
  AuthProvider,
  ChangesOptions,
  ChangesQuery,
  ClientHooks,
  ClientOptions,
  ErpClient,
  FetchLike,
  PackageSettings,
  Page,
  PageEvent,
  PagingOptions,
  RequestEvent,
  RequestFamily,
  ResponseEvent,
  RetryEvent,
  RowsOptions,
  SpanLike,
  Sync,
  TraceContextLike,
  TracerLike,
  TransactionOptions,
  VerifyMode,
} from './client.js';
export { retryPolicy } from './retry.js';
export type { Logger } from './logger.js';
export type { RequestKind, RetryOptions, RetryPolicy, RetryReason, Retrying } from './retry.js';
export { assertPassed, ErpTransactionFailedError, parseTransactionResponse } from './transaction-wire.js';
export type {
  Edit,
  TransactionGetRequest,
  TransactionOutcome,
  TransactionReport,
  TransactionRequest,
  TransactionResponse,
  TransactionResult,
  TransactionSet,
  TruncateMode,
  Truncation,
  Verification,
  WireDataElement,
  WireRow,
  WireTransaction,
} from './transaction-wire.js';
export { defineService, ErpTransactionBuildError, ErpTruncationError } from './define-service.js';
export type {
  DateValue,
  Decimal,
  ElementDescriptor,
  FieldDescriptor,
  FieldType,
  KeyOptions,
  NumericValue,
  RequestOptions,
  Service,
  ServiceDescriptor,
  Transaction,
} from './define-service.js';
export {
  ErpChangeRejectedError,
  ErpInteractiveError,
  ErpInteractiveUsageError,
  ErpSessionExpiredError,
  ErpWindowNotFoundError,
  ErpWindowUnusableError,
} from './interactive/errors.js';
export type {
  ChangeItem,
  DatawindowData,
  DatawindowValue,
  Interactive,
  InteractiveEvent,
  InteractiveMessage,
  InteractiveResult,
  RawWindow,
  ResponseWindow,
  Session,
  SessionOptions,
  Tool,
  Window,
} from './interactive/index.js';
export { ErpUdtError, ErpUdtNothingChangedError, ErpUdtUsageError } from './udt/errors.js';
export type { Udt, UdtChanges, UdtConditions, UdtResult, UdtTable, WithRowUid } from './udt/index.js';
export { COMMAND_ACTIONS, COMMANDS_SERVICES, commandsRequest } from './transactions/commands.js';
export type { Command, CommandsRequest } from './transactions/commands.js';
export type {
  AddressRecord,
  AddressUserFields,
  Addresses,
  ContactRecord,
  ContactUserFields,
  Contacts,
  CustomerRecord,
  CustomerKey,
  CustomerUserFields,
  CustomerWriteFields,
  Customers,
  EntityFamily,
  EntityQuery,
  VendorRecord,
  UserDefinedFieldTypes,
  VendorKey,
  VendorUserFields,
  Vendors,
} from './entity/index.js';
export type { WriteOptions } from './write-check.js';
export { answerSchemas } from './answer-schemas.js';
export type { AnswerSchema, AnswerSchemas, ZodNamespace } from './answer-schemas.js';
export type {
  BatchOptions,
  BatchPriceParameters,
  InventoryFamily,
  ItemRecord,
  ItemUserFields,
  ItemChange,
  ItemCreate,
  ItemWriteFields,
  LocationAppend,
  PriceItem,
  PriceParameters,
  PriceResult,
} from './inventory/index.js';
export type { DriftMode, Provenance } from './drift.js';
export type { DefinitionsOverlay, FieldOverlay } from './contract.js';
export type { ValidateMode } from './query/validate-mode.js';
