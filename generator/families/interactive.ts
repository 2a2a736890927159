// `client.interactive`: window sessions of the Interactive API (templates/runtime/interactive/). The package adds
// nothing to it: a window is typed by the generated module of its transaction service.
import type { GeneratorFamily } from './family.js';

export const interactive: GeneratorFamily = {};
