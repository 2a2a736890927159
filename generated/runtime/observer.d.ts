import { type ClientHooks, type Observer } from './hooks.js';
import type { Logger } from './retry.js';
import { type TracerLike } from './tracing.js';
/**
 * The observer of a client with these hooks and tracer. `clean` redacts with every secret the client knows; it is
 * called only while requests flow.
 */
export declare function observer(
  options: ClientHooks & {
    readonly tracer?: TracerLike;
    readonly log?: Logger;
  },
  clean: (text: string) => string,
): Observer;
