import type { RequestEvent, RequestFamily } from './hooks.js';
export type AttributeValue = string | number | boolean;
/** The part of an OpenTelemetry Context the client builds: an immutable map from symbols. */
export interface TraceContextLike {
  getValue(key: symbol): unknown;
  setValue(key: symbol, value: unknown): TraceContextLike;
  deleteValue(key: symbol): TraceContextLike;
}
/** The part of an OpenTelemetry Span the client calls. */
export interface SpanLike {
  setAttribute(key: string, value: AttributeValue): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  recordException(exception: { name: string; message: string }): unknown;
  end(): void;
}
/** The part of an OpenTelemetry Tracer the client calls: `trace.getTracer('my-app')` fits. */
export interface TracerLike {
  startSpan(
    name: string,
    options?: {
      kind?: number;
      attributes?: Record<string, AttributeValue>;
    },
    context?: TraceContextLike,
  ): SpanLike;
}
/** A run of requests: with a tracer, the span their spans are children of. */
export interface Run {
  /** the context the run's requests start their spans in */
  readonly context?: TraceContextLike;
  /** adds to a count the run's span carries when it ends (`erp.pages`, `erp.rows`, `erp.polls`) */
  count(attribute: string, by?: number): void;
  /** ends the run's span, with the error that ended the run */
  end(error?: unknown): void;
}
/** An error as events and spans show it: its name, and its message redacted. */
export declare function shownError(
  error: unknown,
  clean: (text: string) => string,
): {
  name: string;
  message: string;
};
/** A span for one attempt; the function it returns ends it with the outcome. */
export declare function requestSpan(
  tracer: TracerLike,
  event: RequestEvent,
  parent: Run | undefined,
  clean: (text: string) => string,
): (
  status: number,
  redirects: number,
  error?: {
    readonly name: string;
    readonly message: string;
  },
) => void;
/** The span of a run of requests, their parent. */
export declare function runSpan(
  tracer: TracerLike,
  name: string,
  family: RequestFamily,
  object: string,
  clean: (text: string) => string,
): Run;
