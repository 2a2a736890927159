// Type-level guarantees of the hooks and of tracing: an OpenTelemetry Tracer fits `createClient({ tracer })` as it
// is, though the package's types name nothing of `@opentelemetry/api` (its TracerLike is structural), and each
// hook is given its own typed event. Compiled by test/package/types.test.ts with TypeScript 7 and TypeScript 6.
import { trace, type Tracer } from '@opentelemetry/api';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import {
  createClient,
  tokenAuth,
  type ClientOptions,
  type PageEvent,
  type ResponseEvent,
  type RetryEvent,
  type TracerLike,
} from '@acme/erp-schema/client';

const baseUrl = 'https://erp.example.com';
const auth = tokenAuth({ username: 'demo', password: 'from the environment' });

const apiTracer: Tracer = trace.getTracer('my-app');
export const fromApi: TracerLike = apiTracer;
export const fromSdk = createClient({ baseUrl, auth, tracer: new BasicTracerProvider().getTracer('my-app') });

export const hooks: ClientOptions = {
  baseUrl,
  auth,
  tracer: apiTracer,
  onResponse: (event: ResponseEvent) => [event.status, event.durationMs, event.attempt, event.error?.name],
  onRetry: (event: RetryEvent) => [
    event.delayMs,
    event.reason satisfies 'transient' | 'opaque-500' | 'response-window' | 'locked',
  ],
  onPage: (event: PageEvent) => [event.page, event.rows, event.hasNext],
  // an async hook fits too: its Promise is not awaited
  onRequest: async (event) => void event.family,
};

// @ts-expect-error a tracer is a Tracer, not a TracerProvider
createClient({ baseUrl, auth, tracer: new BasicTracerProvider() });
// @ts-expect-error onPage is given a PageEvent, which has no status
createClient({ baseUrl, auth, onPage: (event) => event.status });
// @ts-expect-error the families are named: `queries` is none
createClient({ baseUrl, auth, onRequest: (event) => event.family === 'queries' });
