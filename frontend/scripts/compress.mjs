// Writes a Brotli (.br) and a gzip (.gz) copy beside each built text asset of the site (dist/) and of the wallet
// (dist-wallet/), so the gateway serves them precompressed (no compression work per request).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const roots = ['../dist/', '../dist-wallet/'].map((dir) => new URL(dir, import.meta.url).pathname);
const compressible = /\.(js|css|html|svg|json|txt|map)$/;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      walk(path);
    } else if (compressible.test(name)) {
      const data = readFileSync(path);
      if (data.length < 1024) continue;
      writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    }
  }
}

for (const root of roots) {
  if (!existsSync(root)) throw new Error(`${root} is not built`);
  walk(root);
}
