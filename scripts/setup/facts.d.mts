// Types of facts.mjs, which stays plain JavaScript so that it runs before any dependency is installed.
import type { BrowserPackage, Facts } from './decide.mjs';

export const DEBIAN_PATHS: Record<BrowserPackage, string>;
export function readFacts(root?: string, env?: Record<string, string | undefined>): Facts;
