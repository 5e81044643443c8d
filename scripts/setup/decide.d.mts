// Types of decide.mjs, which stays plain JavaScript so that it runs before any dependency is installed.

export type Command = 'start' | 'test';
export type BrowserPackage = 'chromium' | 'chromium-l10n' | 'firefox-esr';
export type DepsState = 'missing' | 'outdated' | 'present';

export interface BrowserFact {
  present: boolean;
  /** CHROME_PATH or FIREFOX_PATH when set to something else than Debian's path. */
  customPath?: string;
}

export interface Facts {
  deps: DepsState;
  root: boolean;
  /** Debian, with apt-get. */
  debian: boolean;
  browsers: Record<BrowserPackage, BrowserFact>;
}

export type Plan = { stop: string } | { apt: string[]; npmCi: boolean };

export const NEEDS: Record<Command, BrowserPackage[]>;
export const APT_EXTRAS: string[];
export function depsState(lockText: string | undefined, installedText: string | undefined): DepsState;
export function decide(command: Command, facts: Facts): Plan;
