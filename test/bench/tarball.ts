// What a team downloads and installs: erpgen's npm package as `npm pack` makes it (the `files` of package.json: the
// build, the runtime templates, the sample snapshot), its size packed and unpacked and its file count. Of the
// current build (dist/): run `npm run build` first.
import { spawnSync } from 'node:child_process';
import { ROOT } from '../support/paths.js';
import type { Row } from './measure.js';

export function tarballBench(): Row[] {
  const result = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--offline'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm pack --dry-run failed:\n${result.stderr}`);
  const [pack] = JSON.parse(result.stdout.slice(result.stdout.search(/^\[/m))) as Array<{
    size: number;
    unpackedSize: number;
    entryCount: number;
    files: Array<{ path: string; size: number }>;
  }>;
  const sample = pack!.files.filter((f) => f.path.startsWith('schema/')).reduce((sum, f) => sum + f.size, 0);
  return [
    { name: 'the tarball (npm pack)', value: `${(pack!.size / 1000).toFixed(0)} kB` },
    {
      name: 'unpacked: files / bytes',
      value: `${pack!.entryCount} / ${(pack!.unpackedSize / 1e6).toFixed(2)} MB (the sample snapshot ${(sample / 1e6).toFixed(2)} MB of it)`,
    },
  ];
}
