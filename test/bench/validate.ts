// Row validation's cost (`validate: 'warn' | 'error'`, issue 20: at most 10% of a 10,000-row paged read's client
// time): the sample package's client pages through 10,000 rows of `inv_mast` (169 columns) from `erpgen sandbox` in
// its own process, so that this process's CPU time is the client's alone (HTTP, JSON, paging, validation). Each
// mode in turn per run, after a warm-up read; the medians of wall time and of client CPU time.
import { query } from '@acme/erp-schema';
import { createClient, tokenAuth, type ValidateMode } from '@acme/erp-schema/client';
import { inv_mast } from '@acme/erp-schema/tables/inv_mast';
import { SAMPLE_SNAPSHOT } from '../support/paths.js';
import { PASSWORD, sandbox } from './fetch.js';
import { median, spread, type Row } from './measure.js';

const ROWS = 10_000;
const MODES: readonly ValidateMode[] = ['off', 'warn', 'error'];

export async function validateBench(runs: number): Promise<Row[]> {
  const server = await sandbox(SAMPLE_SNAPSHOT, ROWS);
  try {
    const auth = tokenAuth({ baseUrl: server.url, username: 'bench', password: PASSWORD });
    const client = createClient({ baseUrl: server.url, auth, drift: 'off', log: () => undefined });
    const read = async (validate: ValidateMode) => {
      const wall = performance.now();
      const cpu = process.cpuUsage();
      let rows = 0;
      for await (const _ of client.rows(query(inv_mast).top(1000), { validate })) rows++;
      const used = process.cpuUsage(cpu);
      if (rows < ROWS) throw new Error(`read ${rows} rows of inv_mast, fewer than ${ROWS}`);
      return { wall: performance.now() - wall, cpu: (used.user + used.system) / 1000 };
    };
    await read('off');
    const times = new Map(MODES.map((m) => [m, { wall: [] as number[], cpu: [] as number[] }]));
    for (let run = 0; run < runs; run++)
      for (const mode of MODES) {
        const t = await read(mode);
        times.get(mode)!.wall.push(t.wall);
        times.get(mode)!.cpu.push(t.cpu);
      }
    const off = { wall: median(times.get('off')!.wall), cpu: median(times.get('off')!.cpu) };
    return MODES.map((mode): Row => {
      const wall = median(times.get(mode)!.wall);
      const cpu = median(times.get(mode)!.cpu);
      const share = ((cpu - off.cpu) / off.cpu) * 100;
      return {
        name: `validate ${mode}: ${ROWS.toLocaleString('en')} rows of inv_mast in pages of 1,000`,
        value: `${spread(times.get(mode)!.cpu, 'ms')} client CPU, ${wall.toFixed(0)} ms wall${mode === 'off' ? '' : ` (${share >= 0 ? '+' : ''}${(cpu - off.cpu).toFixed(0)} ms, ${share >= 0 ? '+' : ''}${share.toFixed(1)}%)`}`,
        ...(mode === 'off' ? {} : { target: 'at most +10% client CPU', ok: share <= 10 }),
      };
    });
  } finally {
    await server.stop();
  }
}
