// What a server says about itself, read once for the client and for `erpgen fetch`: the names of its transaction
// services (GET /api/v2/services) and its build (GET {ui_server}/ui/common/v1/serverinfo).
import type { Http } from './http/types.js';

/**
 * The names in a service list. Its JSON form was never published: public clients read a list of `{Name}` objects
 * and, defensively, a bare list of names, `{value: [...]}` and `{Services: [...]}`, so all four are read. Undefined
 * when the value is none of them.
 */
export function serviceNames(value: unknown): string[] | undefined {
  const wrapped =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  const list = wrapped ? (wrapped['Services'] ?? wrapped['value']) : value;
  if (!Array.isArray(list)) return undefined;
  const names: string[] = [];
  for (const item of list) {
    const name = typeof item === 'string' ? item : (item as { Name?: unknown } | null)?.Name;
    if (typeof name !== 'string') return undefined;
    names.push(name);
  }
  return names;
}

/**
 * The build in a serverinfo answer. The documents name the keys `Version` / `Application Version`; a public capture
 * shows them as sections, the build at `Version` -> `Application Version`. Both forms are read, and the flat keys
 * at the top too. `Monitoring` -> `shortversion` is never read: it answered `0.0` on 26.1.5930.1.
 */
export function serverBuildOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const info = value as Record<string, unknown>;
  const version = info['Version'];
  const candidates = [
    version !== null && typeof version === 'object'
      ? (version as Record<string, unknown>)['Application Version']
      : version,
    info['Application Version'],
  ];
  for (const c of candidates)
    if ((typeof c === 'string' && c.trim() !== '') || typeof c === 'number') return String(c).trim();
  return undefined;
}

/** The path of serverinfo on the UI server. */
export const SERVERINFO_PATH = '/ui/common/v1/serverinfo';

/** Reads the server's build from serverinfo on `uiServer` (one request); undefined when the answer names none. */
export async function readServerBuild(http: Http, uiServer: string): Promise<string | undefined> {
  const shown = SERVERINFO_PATH;
  return serverBuildOf(await http.json({ method: 'GET', url: `${uiServer}${shown}`, shown, kind: 'read' }));
}
