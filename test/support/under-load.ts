// The whole suite beside CPU hogs: `npm run test:under-load [-- --hogs N]` starts N busy loops (default 2: on the
// 2-core CI machine, a machine twice as busy) and runs `npm test` beside them, then prints its wall time and exit
// code. The suite holds no time of its own (no per-test timeout, no wait with a deadline), so it must pass here as
// it does on a quiet machine, only slower. Not part of `npm test`: it is the check of that claim.
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from './paths.js';

const at = process.argv.indexOf('--hogs');
const hogs = at >= 0 ? Number(process.argv[at + 1]) : 2;
if (!Number.isInteger(hogs) || hogs < 0) throw new Error('--hogs takes a whole number');

const busy: ChildProcess[] = Array.from({ length: hogs }, () =>
  spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }),
);
const started = performance.now();
const suite = spawn('npm', ['test'], { cwd: ROOT, stdio: 'inherit' });
const code = await new Promise<number | null>((resolve) => suite.on('close', resolve));
for (const hog of busy) hog.kill('SIGKILL');
const minutes = (performance.now() - started) / 60_000;
console.log(`npm test beside ${hogs} busy loop(s): exit ${code}, ${minutes.toFixed(1)} min`);
process.exitCode = code ?? 1;
