import type { ClientHooks, Observer } from './hooks.js';
import type { Logger } from './logger.js';
import { type Run, type TracerLike } from './tracing.js';
/**
 * The observer of a client with these hooks and tracer. `clean` redacts with every secret the client knows; it is
 * called only while requests flow. `untraced` is the run of a client without a tracer (hooks.ts's, which loads this
 * module: imported from there, the two would import each other).
 */
export declare function observer(
  options: ClientHooks & {
    readonly tracer?: TracerLike;
    readonly log?: Logger;
  },
  clean: (text: string) => string,
  untraced: Run,
): Observer;
