// The UI server (Transaction and Interactive APIs), found through the router on the base host once per client
// and shared by every family. With the trailing slash: without it the router answers 307, and some clients drop
// the token on the way.
import { ErpUnexpectedResponseError } from './errors.js';
import type { Http } from './http/types.js';
import { utf8Text } from './http/body.js';
import { xmlField } from './xml.js';

export const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The UI server's address: the one given, else the router's answer (asked once; asked again after a failure). */
export function router(baseUrl: string, http: Http, given?: string): () => Promise<string> {
  let uiServer: Promise<string> | undefined = given ? Promise.resolve(trimSlash(given)) : undefined;
  return () => {
    uiServer ??= (async () => {
      const shown = '/api/ui/router/v1/?urlType=external';
      // JSON `{Url}`, or on some middleware XML `<Url>`
      const text = utf8Text(await http.bytes({ method: 'GET', url: `${baseUrl}${shown}`, shown, kind: 'read' }));
      let url: unknown;
      try {
        url = (JSON.parse(text) as { Url?: unknown } | null)?.Url;
      } catch {
        url = xmlField(text, 'Url');
      }
      if (typeof url !== 'string' || url === '')
        throw new ErpUnexpectedResponseError(`router: the answer has no Url: ${http.show(text)}`, {
          request: http.redact(`GET ${shown}`),
          status: 200,
        });
      return trimSlash(url);
    })().catch((error: unknown) => {
      uiServer = undefined;
      throw error;
    });
    return uiServer;
  };
}
