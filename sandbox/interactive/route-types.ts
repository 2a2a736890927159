// Helpers the interactive and UDT routes share, on top of the sandbox's replies (reply.ts).

import type { Reply, ServiceRequest } from '../reply.js';

export { emptyReply, jsonReply, type Reply, type Route, type ServiceRequest } from '../reply.js';

/** Parses a JSON body; undefined when it is not JSON. */
export function jsonBody(request: ServiceRequest): { readonly value: unknown } | undefined {
  try {
    return { value: JSON.parse(request.body ?? '') as unknown };
  } catch {
    return undefined;
  }
}
