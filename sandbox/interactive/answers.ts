// The Interactive API's answers in the sandbox: a refusal (`{ErrorMessage, ErrorType}`), a result with its status,
// events and messages, and the event of a window opened.
import { jsonReply, type Reply } from '../reply.js';

/** A refusal as the Interactive API writes it. */
export const refusal = (status: number, message: string): Reply =>
  jsonReply(status, { ErrorMessage: message, ErrorType: 'Svc.Business.Interactive' });

/** A 200 with a window's status (1 done, 2 no record, 3 a response window open) and what happened. */
export const result = (status: number, extra: { events?: unknown[]; messages?: unknown[] } = {}): Reply =>
  jsonReply(200, { Status: status, Events: extra.events ?? [], Messages: extra.messages ?? [] });

/** The event of a window opened (a response window too). */
export const opened = (id: string) => ({ Name: 'windowopened', Data: [{ Key: 'windowid', Value: id }] });
