// `erpgen/sandbox`: the simulated ERP server for a team's own tests, the one `erpgen sandbox` serves. Started and
// stopped in-process on 127.0.0.1 from a snapshot folder; see sandbox.ts for what it plays.
export {
  DEFAULT_BUILD,
  startSandbox,
  type DisabledField,
  type FaultPlan,
  type LoggedRequest,
  type Sandbox,
  type SandboxFaults,
  type SandboxOptions,
  type TransactionOptions,
} from './sandbox.js';
export type { Credentials } from './token-route.js';
