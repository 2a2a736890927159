// What a failed answer means: the status, the body's message in whichever form the service or a proxy wrote it,
// and what the body is when it is not JSON, turned into the typed error. A family may read an answer its own way
// first (`Exchange.explain`); what is shown of a body is redacted first, then cut. Loaded on the first failed
// answer (create-http.ts), so that a client whose calls succeed does not load it.
import {
  ErpFilterRejectedError,
  ErpForbiddenError,
  ErpHttpError,
  ErpNotAuthorizedError,
  ErpNotFoundError,
  ErpServerError,
  ErpUnexpectedResponseError,
} from '../errors.js';
import { preview, shownUrl } from '../redact.js';
import { describeBody, odataMessage, parseJson } from './body.js';
import { notAuthorizedSummary, unauthorizedReason } from './unauthorized-reason.js';
/**
 * The server's message in any error body the families answer, so that no error drops it: `{ErrorMessage}` (REST,
 * Interactive), `{ExceptionMessage}` / `{Message}` (ASP.NET), `{errorMessage}` (UDT), OAuth's `{error_description}` and `{Description}`,
 * RFC 7807's `detail` (else its `title`), the Transaction API's `{Messages: [...]}`, OData's `{error: {message}}`,
 * `{error: '...' | [...]}` and ASP.NET validation's `{errors: {field: [...]}}`.
 */
export function errorMessageOf(body) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const b = body;
  const text = (value) => {
    if (typeof value === 'string') return value.trim() === '' ? undefined : value;
    if (Array.isArray(value)) {
      const parts = value.map(text).filter((t) => t !== undefined);
      return parts.length ? parts.join(' | ') : undefined;
    }
    return undefined;
  };
  // ASP.NET's generic `Message` ('An error has occurred.') says less than its `ExceptionMessage`
  for (const key of [
    'ErrorMessage',
    'ExceptionMessage',
    'Message',
    'message',
    'errorMessage',
    'error_description',
    'Description',
    'detail',
  ])
    if (text(b[key]) !== undefined) return text(b[key]);
  const errors = b['errors'];
  const validation =
    errors !== null && typeof errors === 'object' && !Array.isArray(errors)
      ? text(Object.values(errors).flat())
      : text(errors);
  return text(b['Messages']) ?? odataMessage(body) ?? text(b['error']) ?? validation ?? text(b['title']);
}
function notFoundSummary(exchange, asked) {
  if (exchange.odataObject === undefined)
    return `not found: ${asked}; check the base URL (the server's base address, not the UI server's, with no extra path segment)`;
  return (
    `not found: ${asked}; \`${exchange.object ?? exchange.odataObject}\` is in this package's schema, so either the base URL is wrong ` +
    "(it must be the server's base address, not the UI server's, with no extra path segment), or the server does not serve it: " +
    'a table added on the server is served only after the data service is refreshed (middleware administration site), ' +
    'and a selected or ordered column may have been dropped since the schema snapshot'
  );
}
/** The typed error of a failed answer (`text`: as much of its body as was read), thrown. */
export function fail(exchange, response, text, token, info, context) {
  const status = response.status;
  const parsed = text.trim() === '' ? undefined : parseJson(text);
  const body = parsed?.value;
  const notJson =
    text.trim() !== '' && parsed === undefined
      ? (describeBody(text, response.headers.get('content-type') ?? '') ??
        `a body that is not JSON: ${preview(text, context.cleanBody)}`)
      : undefined;
  const explained = exchange.explain?.(status, body, text, info);
  if (explained !== undefined) throw explained;
  const message = errorMessageOf(body);
  const asked = context.clean(shownUrl(exchange.url).split('?')[0] ?? '');
  if (status === 401) {
    const reason = unauthorizedReason(exchange, text, body, token, context.refusals);
    throw new ErpNotAuthorizedError(notAuthorizedSummary(reason, exchange), info(status, message), reason);
  }
  if (status === 403)
    throw new ErpForbiddenError(
      "forbidden: the token's scope does not cover this endpoint (insufficient_scope), or the user lacks the permission",
      info(status, message),
    );
  if (status === 404) {
    if (notJson)
      throw new ErpUnexpectedResponseError(
        `not found at ${asked}, and the server answered ${notJson}: check the base URL (the server's base address, not the UI server's, with no extra path segment)`,
        info(status),
      );
    const filterMessage = odataMessage(body);
    if (filterMessage) throw new ErpFilterRejectedError('the service rejected the query', info(status, filterMessage));
    throw new ErpNotFoundError(notFoundSummary(exchange, asked), info(status, message));
  }
  const described = notJson ? ` (${notJson})` : text.trim() === '' ? ' (empty body)' : '';
  if (status >= 500) throw new ErpServerError(`server error${described}`, info(status, message));
  throw new ErpHttpError(`unexpected HTTP ${status}${described}`, info(status, message));
}
