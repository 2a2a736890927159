// GET /api/ui/router/v1/?urlType=external on the base host: where the UI server is, which the Transaction and
// Interactive families must be called on. The path without its trailing slash answers a 307 to the slash form,
// before any authentication (the web server redirects, not the application); clients that drop the Authorization
// header while following it then get the 401 whose body says the header was missing.
import { emptyReply, jsonReply } from './reply.js';
import type { Routes } from './server.js';

const ROUTER = '/api/ui/router/v1/';

/** the UI server's path on the simulated host: `{ui_server}` is `<server url>/uiserver0`, as on real tenants */
export const UI_SERVER_PATH = '/uiserver0';

export interface UiRouterContext {
  /** `http://127.0.0.1:<port>`, known once the server listens */
  readonly origin: () => string;
}

export function uiRouterRoutes(ctx: UiRouterContext): Routes {
  return {
    name: 'router',
    owns: (path) => path === ROUTER || path === ROUTER.slice(0, -1),
    access: 'ui',
    before(head) {
      const query = head.query === '' ? '' : `?${head.query}`;
      if (head.path === ROUTER.slice(0, -1)) return emptyReply(307, { Location: `${ctx.origin()}${ROUTER}${query}` });
      if (head.method !== 'GET') return emptyReply(405, { Allow: 'GET' });
      return undefined;
    },
    // one UI server whatever `urlType` asks for: the simulation has no internal address to tell apart
    route: () => jsonReply(200, { Url: `${ctx.origin()}${UI_SERVER_PATH}` }),
  };
}
