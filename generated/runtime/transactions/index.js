// The Transaction API's family: the client's own transaction(), transactionAsync(), transactionGet(), commands(),
// report(), services() and serverBuild(), on the UI server. Loaded on its first call (build.ts).
import { lazyFamily } from '../family.js';
export const transactions = lazyFamily(() => import('./build.js'), {
  transaction: true,
  transactionAsync: true,
  transactionGet: true,
  commands: true,
  services: true,
  serverBuild: true,
  report: true,
});
