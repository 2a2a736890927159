// The client side of the runtime, re-exported by the generated package's `client` entry: the client, signing
// in, the retry policy, the Transaction API's wire format, and the payload builders' types.
export { tokenAuth } from './auth.js';
export { createClientWith } from './client.js';
export { retryPolicy } from './retry.js';
export { assertPassed, ErpTransactionFailedError, parseTransactionResponse } from './transaction-wire.js';
export { defineService, ErpTransactionBuildError, ErpTruncationError } from './define-service.js';
export {
  ErpChangeRejectedError,
  ErpInteractiveError,
  ErpInteractiveUsageError,
  ErpSessionExpiredError,
  ErpWindowNotFoundError,
  ErpWindowUnusableError,
} from './interactive/errors.js';
export { ErpUdtError, ErpUdtNothingChangedError, ErpUdtUsageError } from './udt/errors.js';
export { COMMAND_ACTIONS, COMMANDS_SERVICES, commandsRequest } from './transactions/commands.js';
export { answerSchemas } from './answer-schemas.js';
