// A team's small TypeScript project, as `erpgen diff --project` meets one: its sources under src/, an ES module
// package.json, a strict NodeNext tsconfig (with `tsconfig` merged over it) and its own TypeScript, the one
// erpgen's tests use (TypeScript 7), linked into its node_modules.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.js';

export function teamProject(app: string, sources: Record<string, string>, tsconfig: object = {}): void {
  mkdirSync(join(app, 'src'), { recursive: true });
  for (const [file, text] of Object.entries(sources)) writeFileSync(join(app, 'src', file), `${text}\n`);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'team-app', private: true, type: 'module' }));
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true, types: [], noEmit: true },
      include: ['src'],
      ...tsconfig,
    }),
  );
  mkdirSync(join(app, 'node_modules'), { recursive: true });
  if (!existsSync(join(app, 'node_modules/typescript')))
    symlinkSync(join(ROOT, 'node_modules/typescript'), join(app, 'node_modules/typescript'));
}
