// Once per test run: build the CLI (tests run it as users do, as a process) and the runtime compiled for the `js`
// form. The fast tier's whole setup; the full suite's global-setup.ts adds the stock-size tenant.
import { execFileSync } from 'node:child_process';
import { ROOT } from './paths.js';

export default function build(): void {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
}
