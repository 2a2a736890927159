// The floor a generation is measured against: a fresh `node` that reads every JSON document of a snapshot folder
// (the schema documents, services.json, definitions/*.json) and JSON.parses it, V8's own parser, keeping nothing.
// `node test/bench/json-floor.cjs <snapshot>`; prints the bytes parsed.
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

let bytes = 0;
function parseAll(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) parseAll(path);
    else if (entry.name.endsWith('.json') && entry.name !== 'manifest.json') {
      const text = readFileSync(path, 'utf8');
      bytes += text.length;
      JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    }
  }
}
parseAll(process.argv[2]);
console.log(bytes);
