// Start-up: what a command costs before it does anything, against an empty `node`. erpgen runs in build steps and
// editors' tasks many times a day; `erpgen --version` is the floor every command stands on.
import { spawnSync } from 'node:child_process';
import { CLI } from '../support/paths.js';
import { median, spread, type Row } from './measure.js';

function wall(args: readonly string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
  return ms;
}

export function startupBench(runs: number): Row[] {
  const empty: number[] = [];
  const version: number[] = [];
  // interleaved, so that a busy moment of the machine falls on both
  for (let i = 0; i < runs; i++) {
    empty.push(wall(['-e', '']));
    version.push(wall([CLI, '--version']));
  }
  const node = median(empty);
  const erpgen = median(version);
  return [
    { name: 'empty node (node -e "")', value: spread(empty, 'ms') },
    {
      name: 'erpgen --version',
      value: `${spread(version, 'ms')}: ${(erpgen / node).toFixed(2)}x empty node`,
      target: '<= 2x empty node',
      ok: erpgen <= 2 * node,
    },
  ];
}
