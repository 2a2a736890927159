// The client side of the runtime, re-exported by the generated package's `client` entry: the client, signing
// in, the retry policy, the Transaction API's wire format, and the payload builders' types.
export { tokenAuth } from './auth.js';
export { createClient } from './client.js';
export { retryPolicy } from './retry.js';
export { assertPassed, ErpTransactionFailedError, parseTransactionResponse } from './transaction-wire.js';
export { defineService, ErpTransactionBuildError } from './transaction.js';
