import { requestSpan, runSpan, shownError } from './tracing.js';
// through globalThis: the package compiles without DOM or Node type definitions
const { performance } = globalThis;
/**
 * The observer of a client with these hooks and tracer. `clean` redacts with every secret the client knows; it is
 * called only while requests flow. `untraced` is the run of a client without a tracer (hooks.ts's, which loads this
 * module: imported from there, the two would import each other).
 */
export function observer(options, clean, untraced) {
  const { onRequest, onResponse, onRetry, onPage, tracer, log } = options;
  const failed = new Set();
  function call(name, hook, event) {
    if (hook === undefined) return;
    const report = (error) => {
      if (failed.has(name)) return;
      failed.add(name);
      const said = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      log?.(
        `the ${name} hook threw (${clean(said)}); the request went on, and later failures of ${name} are not logged`,
      );
    };
    try {
      const result = hook(event);
      if (result !== null && typeof result === 'object' && typeof result.then === 'function')
        result.then(undefined, report);
    } catch (error) {
      report(error);
    }
  }
  const quiet = onRequest === undefined && onResponse === undefined && tracer === undefined;
  return {
    ...(log !== undefined ? { log } : {}),
    async sent(event, parent) {
      if (quiet) return () => {};
      call('onRequest', onRequest, event);
      const span = tracer !== undefined ? requestSpan(tracer, event, parent, clean) : undefined;
      const start = performance.now();
      return (status, redirects, error) => {
        const shown = error === undefined ? undefined : shownError(error, clean);
        span?.(status, redirects, shown);
        call('onResponse', onResponse, {
          ...event,
          status,
          durationMs: performance.now() - start,
          redirects,
          ...(shown !== undefined ? { error: shown } : {}),
        });
      };
    },
    retried: (event) => call('onRetry', onRetry, event),
    paged: (event) => call('onPage', onPage, event),
    async run(name, family, object) {
      return tracer !== undefined ? runSpan(tracer, name, family, object, clean) : untraced;
    },
  };
}
