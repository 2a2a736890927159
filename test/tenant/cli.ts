// npm run tenant -- --out <dir> [--scale 10] [--curated]
import { parseArgs } from 'node:util';
import { writeSampleSnapshot } from './snapshot.js';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    scale: { type: 'string', default: '1' },
    width: { type: 'string', default: '1' },
    curated: { type: 'boolean', default: false },
  },
});
if (!values.out) {
  console.error('usage: npm run tenant -- --out <dir> [--scale N] [--width N] [--curated]');
  process.exit(2);
}
const report = await writeSampleSnapshot(values.out, {
  scale: Number(values.scale),
  width: Number(values.width),
  curated: values.curated,
});
console.log(
  `${values.out}: ${report.tables} tables (${(report.tableBytes / 1e6).toFixed(1)} MB), ${report.views} views (${(report.viewBytes / 1e6).toFixed(1)} MB)`,
);
