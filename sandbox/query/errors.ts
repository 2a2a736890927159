// The two ways the simulated query service refuses a request. The real service answers most client mistakes on
// the query surface with 404, but with two different bodies: unknown objects, unknown columns and the wrong
// surface give an EMPTY body, while filter and option errors carry an OData error object. Keeping them as two
// classes makes each throw site say which of the two it is.

/** A 404 with an OData error body: `{"error":{"code":"","message":...}}`. */
export class QueryError extends Error {
  override readonly name = 'QueryError';
  constructor(
    message: string,
    readonly status = 404,
    readonly code = '',
  ) {
    super(message);
  }
}

/** A 404 with an empty body: unknown object or column, or an object asked for on the wrong surface. */
export class EmptyNotFoundError extends Error {
  override readonly name = 'EmptyNotFoundError';
}

/** The prefix the service's OData layer puts before messages about a query it could not bind. */
export const INVALID_QUERY = 'The query specified in the URI is not valid.';
