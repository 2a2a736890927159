/** A run that is no span: what a client without a tracer gives. */
export const UNTRACED = { count() {}, end() {} };
/**
 * The observer of a client with these hooks and tracer. Their code (observer.ts, the spans' tracing.ts) loads only
 * for a client given one, starting with the client, so that its first request rarely waits for it; an event other
 * than `sent` comes only after an attempt was sent, and so finds it loaded (it would wait for it otherwise).
 */
export function createObserver(options, clean) {
  const { onRequest, onResponse, onRetry, onPage, tracer, log } = options;
  const logged = log !== undefined ? { log } : {};
  if ([onRequest, onResponse, onRetry, onPage, tracer].every((given) => given === undefined))
    return { ...logged, sent: async () => () => {}, retried() {}, paged() {}, run: async () => UNTRACED };
  let loaded;
  const loading = import('./observer.js').then(({ observer }) => (loaded = observer(options, clean, UNTRACED)));
  const later = (use) => void (loaded ? use(loaded) : loading.then(use));
  return {
    ...logged,
    sent: async (event, parent) => (loaded ?? (await loading)).sent(event, parent),
    retried: (event) => later((observer) => observer.retried(event)),
    paged: (event) => later((observer) => observer.paged(event)),
    run: async (name, family, object) => (loaded ?? (await loading)).run(name, family, object),
  };
}
