// GET {ui_server}/ui/common/v1/serverinfo: the build, under the keys `Version` and `Application Version` (the
// documents name both and show no more of the shape, so the sandbox sends just these two).
import { authenticateBearer, type TokenCheck } from './auth.js';
import { emptyReply, jsonReply, type Route } from './reply.js';
import { UI_SERVER_PATH } from './ui-router-route.js';

const SERVERINFO = `${UI_SERVER_PATH}/ui/common/v1/serverinfo`;

export interface ServerInfoContext {
  readonly check: TokenCheck;
  readonly build: string;
  readonly origin: () => string;
}

export function serverInfoRoute(ctx: ServerInfoContext): Route {
  return (request) => {
    if (request.path !== SERVERINFO) return undefined;
    if (request.method !== 'GET') return emptyReply(405, { Allow: 'GET' });
    const refused = authenticateBearer(request.headers['authorization'], ctx.check, ctx.origin() + SERVERINFO);
    if (refused) return refused;
    if (!/application\/json/i.test(request.headers['accept'] ?? ''))
      return {
        status: 200,
        headers: { 'Content-Type': 'application/xml; charset=utf-8' },
        body: `<?xml version="1.0" encoding="utf-8"?><ServerInfo><Version>${ctx.build}</Version></ServerInfo>`,
      };
    return jsonReply(200, { Version: ctx.build, 'Application Version': ctx.build });
  };
}
