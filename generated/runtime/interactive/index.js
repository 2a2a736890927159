// The Interactive API family (`client.interactive`), on the UI server: a session, windows opened in it for a
// transaction service, field changes typed from that service's definition, tab changes, reads, saves, tools.
// Loaded on its first call (build.ts, which says the service's rules it follows).
import { lazyFamily } from '../family.js';
export const interactive = lazyFamily(() => import('./build.js'), { session: true });
