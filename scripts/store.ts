// `npm run store`: writes docs/privacy.md and store/<lang>/ from the registry and the catalogues.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PRIVACY_FILE, privacyFile } from './store/privacy-file';
import { storeFiles } from './store/store-listings';

const ROOT = resolve(import.meta.dirname, '..');

function write(path: string, content: string) {
  mkdirSync(dirname(resolve(ROOT, path)), { recursive: true });
  writeFileSync(resolve(ROOT, path), content);
  console.log(`wrote ${path}`);
}

write(PRIVACY_FILE, await privacyFile());
for (const [path, content] of await storeFiles()) write(`store/${path}`, content);
