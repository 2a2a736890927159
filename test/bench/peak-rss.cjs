// Preloaded into a benchmarked process (node --require): writes its peak resident set size, in bytes, to
// the file named by ERPGEN_BENCH_RSS when it exits.
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  if (process.env.ERPGEN_BENCH_RSS)
    writeFileSync(process.env.ERPGEN_BENCH_RSS, String(process.resourceUsage().maxRSS * 1024));
});
