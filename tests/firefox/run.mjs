#!/usr/bin/env node
// The Firefox ESR smoke suite (see main.ts): `node tests/firefox/run.mjs [--json FILE] [--grep TEXT] [--verbose]`.
// The suite is TypeScript: tsx loads it in this process.
import { tsImport } from 'tsx/esm/api';

let code = 1;
try {
  const { main } = await tsImport('./main.ts', import.meta.url);
  code = await main(process.argv.slice(2));
} catch (error) {
  console.error(error);
}
// Exit explicitly: a browser or server handle left open must not keep the run alive.
process.exit(code);
