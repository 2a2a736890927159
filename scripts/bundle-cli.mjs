// `npm run build`'s last step: the command line `erpgen` (package.json's bin) as a few files instead of the
// 75 modules a run of the shipped sample loads. Node 20's ES module loader costs each module a resolution, a file
// read and a compilation of its own: loading the same code as one file instead of 75 took 30 ms less CPU time of
// the sample run's 0.33 s (its own, an empty node's aside), nearly 10%. Dynamic imports stay where they are
// (code splitting), so a run still loads only what it needs (`--version`, a no-op, yargs and zod only when read).
//
// Everything lands in one flat folder, dist/cli/: the threads' modules (file-worker, services-worker) are entry
// points beside the chunks, so that `new URL('./file-worker.js', import.meta.url)` finds them from whichever
// chunk holds the code that starts them. Built from the JavaScript tsc wrote (dist/generator), so the bundle
// runs exactly the code the library does. Libraries stay in node_modules (`packages: 'external'`).
import { build } from 'esbuild';
import { chmodSync, rmSync } from 'node:fs';

const OUT = 'dist/cli';

// chunk names carry a hash: the chunks of an earlier build must not linger (the fingerprint hashes the folder)
rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: {
    bin: 'dist/generator/bin.js',
    'file-worker': 'dist/generator/write/file-worker.js',
    'services-worker': 'dist/generator/services-worker.js',
  },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
});
chmodSync(`${OUT}/bin.js`, 0o755);
