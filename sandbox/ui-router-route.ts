// GET /api/ui/router/v1/?urlType=external on the base host: where the UI server is, which the Transaction and
// Interactive families must be called on. The path without its trailing slash answers a 307 to the slash form,
// before any authentication (the web server redirects, not the application); clients that drop the Authorization
// header while following it then get the 401 whose body says the header was missing.
import { authenticateBearer, type TokenCheck } from './auth.js';
import { emptyReply, jsonReply, type Route } from './reply.js';

const ROUTER = '/api/ui/router/v1/';

/** the UI server's path on the simulated host: `{ui_server}` is `<server url>/uiserver0`, as on real tenants */
export const UI_SERVER_PATH = '/uiserver0';

export interface UiRouterContext {
  readonly check: TokenCheck;
  /** `http://127.0.0.1:<port>`, known once the server listens */
  readonly origin: () => string;
}

export function uiRouterRoute(ctx: UiRouterContext): Route {
  return (request) => {
    const query = request.query === '' ? '' : `?${request.query}`;
    if (request.path === ROUTER.slice(0, -1)) return emptyReply(307, { Location: `${ctx.origin()}${ROUTER}${query}` });
    if (request.path !== ROUTER) return undefined;
    if (request.method !== 'GET') return emptyReply(405, { Allow: 'GET' });
    const refused = authenticateBearer(request.headers['authorization'], ctx.check, ctx.origin() + ROUTER + query);
    if (refused) return refused;
    // one UI server whatever `urlType` asks for: the simulation has no internal address to tell apart
    return jsonReply(200, { Url: `${ctx.origin()}${UI_SERVER_PATH}` });
  };
}
