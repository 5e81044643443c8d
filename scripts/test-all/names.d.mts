// Types of names.mjs, which stays plain JavaScript as test-all.mjs is.
export interface Names {
  failed: string[];
  skipped: string[];
}
export function vitestNames(report: unknown, cwd?: string): Names;
export function playwrightNames(report: unknown): Names;
export function firefoxNames(report: unknown): Names;
