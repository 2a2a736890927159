/**
 * The names in a service list. Its JSON form was never published: public clients read a list of `{Name}` objects
 * and, defensively, a bare list of names, `{value: [...]}` and `{Services: [...]}`, so all four are read. Undefined
 * when the value is none of them.
 */
export function serviceNames(value) {
  const wrapped = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  const list = wrapped ? (wrapped['Services'] ?? wrapped['value']) : value;
  if (!Array.isArray(list)) return undefined;
  const names = [];
  for (const item of list) {
    const name = typeof item === 'string' ? item : item?.Name;
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
export function serverBuildOf(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const info = value;
  const version = info['Version'];
  const candidates = [
    version !== null && typeof version === 'object' ? version['Application Version'] : version,
    info['Application Version'],
  ];
  for (const c of candidates)
    if ((typeof c === 'string' && c.trim() !== '') || typeof c === 'number') return String(c).trim();
  return undefined;
}
/** The path of serverinfo on the UI server. */
export const SERVERINFO_PATH = '/ui/common/v1/serverinfo';
/** Reads the server's build from serverinfo on `uiServer` (one request); undefined when the answer names none. */
export async function readServerBuild(http, uiServer) {
  const shown = SERVERINFO_PATH;
  return serverBuildOf(await http.json({ method: 'GET', url: `${uiServer}${shown}`, shown, kind: 'read' }));
}
