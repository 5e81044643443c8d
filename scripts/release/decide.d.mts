// Types for scripts/release/decide.mjs (plain JavaScript, run by Node without a build step).
export function parseVersion(text: unknown): [number, number, number] | undefined;
export function compareVersions(a: string, b: string): number;
export function changelogVersions(changelog: string): string[];
export interface ReleaseFacts {
  version: string | undefined;
  /** `git status --porcelain`. */
  status: string;
  /** The last version: package.json's, or the highest v* tag. */
  current: string;
  changelog: string;
}
export function refusal(facts: ReleaseFacts): string | undefined;
export function withPackageVersion(text: string, version: string): string;
export function withLockVersion(text: string, version: string): string;
export const SIZE_LIMITS: { readonly firefox: number; readonly sources: number; readonly chrome: number };
export function sha256Lines(sums: Iterable<readonly [string, string]>): string;
