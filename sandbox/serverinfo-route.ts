// GET {ui_server}/ui/common/v1/serverinfo: the build. The documents name the keys `Version` / `Application Version`
// and show no more; a public capture shows the answer grouped into sections, the build at `Version` ->
// `Application Version`, and `Monitoring` -> `shortversion` answering `0.0` on 26.1.5930.1 (so no client may read
// the build there). The sandbox answers the sections by default and the flat keys under a switch.
import { jsonReply } from './reply.js';
import { emptyReply } from './reply.js';
import type { Routes } from './server.js';
import { UI_SERVER_PATH } from './ui-router-route.js';
import { xmlAnswer } from './xml-answer.js';

const SERVERINFO = `${UI_SERVER_PATH}/ui/common/v1/serverinfo`;

/** `sections` (as captured, default) or `flat` (`{Version, "Application Version"}`, the documents' two keys) */
export type ServerInfoShape = 'sections' | 'flat';

export interface ServerInfoContext {
  readonly build: string;
  readonly shape?: ServerInfoShape;
}

export function serverInfoRoutes(ctx: ServerInfoContext): Routes {
  const answer =
    ctx.shape === 'flat'
      ? { Version: ctx.build, 'Application Version': ctx.build }
      : {
          Version: { 'Application Version': ctx.build, 'Framework Version': '4.8' },
          Monitoring: { shortversion: '0.0', uptime: '00:00:00' },
        };
  return {
    name: 'serverinfo',
    owns: (path) => path === SERVERINFO,
    access: 'ui',
    before: (head) => (head.method !== 'GET' ? emptyReply(405, { Allow: 'GET' }) : undefined),
    route(request) {
      // without Accept: application/json the answer is XML, as captured
      if (!/application\/json/i.test(request.headers['accept'] ?? ''))
        return xmlAnswer('ServerInfo', 'http://schemas.datacontract.org/2004/07/Svc.UI.Common', answer);
      return jsonReply(200, answer);
    },
  };
}
