// `client.interactive`: window sessions of the Interactive API (templates/runtime/interactive/).
import type { GeneratorFamily } from './family.js';

export const interactive: GeneratorFamily = {
  namespace: 'interactive',
  apiNames: [
    'ErpChangeRejectedError',
    'ErpInteractiveError',
    'ErpInteractiveUsageError',
    'ErpSessionExpiredError',
    'ErpWindowNotFoundError',
    'ErpWindowUnusableError',
  ],
};
