// GET {ui_server}/ui/common/v1/serverinfo: the build, under the keys `Version` and `Application Version` (the
// documents name both and show no more of the shape, so the sandbox sends just these two).
import { emptyReply, jsonReply } from './reply.js';
import type { Family } from './server.js';
import { UI_SERVER_PATH } from './ui-router-route.js';

const SERVERINFO = `${UI_SERVER_PATH}/ui/common/v1/serverinfo`;

export interface ServerInfoContext {
  readonly build: string;
}

export function serverInfoFamily(ctx: ServerInfoContext): Family {
  return {
    name: 'serverinfo',
    owns: (path) => path === SERVERINFO,
    access: 'ui',
    before: (head) => (head.method !== 'GET' ? emptyReply(405, { Allow: 'GET' }) : undefined),
    route(request) {
      if (!/application\/json/i.test(request.headers['accept'] ?? ''))
        return {
          status: 200,
          headers: { 'Content-Type': 'application/xml; charset=utf-8' },
          body: `<?xml version="1.0" encoding="utf-8"?><ServerInfo><Version>${ctx.build}</Version></ServerInfo>`,
        };
      return jsonReply(200, { Version: ctx.build, 'Application Version': ctx.build });
    },
  };
}
