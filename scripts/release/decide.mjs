// The decisions of `npm run release` (scripts/release.mjs), without side effects, so
// tests/unit/scripts/release.test.ts checks each refusal without a git repository or a build.

const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** [major, minor, patch], or undefined for anything else (the stores take dotted numbers only). */
export function parseVersion(text) {
  const match = VERSION.exec(String(text ?? ''));
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** Negative when a < b, 0 when equal, positive when a > b. */
export function compareVersions(a, b) {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  if (!x || !y) throw new Error(`not a version: ${x ? b : a}`);
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

/** The versions CHANGELOG.md has a section for (`## [1.2.3] - 2026-11-28`), newest first as written. */
export function changelogVersions(changelog) {
  return [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\](?:\s+-\s+\d{4}-\d{2}-\d{2})?\s*$/gm)].map(
    (m) => m[1],
  );
}

/**
 * Why `version` cannot be released, or undefined when it can.
 * - `status`: `git status --porcelain` (any line is a change the release would not contain);
 * - `current`: package.json's version, the last release;
 * - `changelog`: CHANGELOG.md's text.
 */
export function refusal({ version, status, current, changelog }) {
  if (!parseVersion(version))
    return `"${version ?? ''}" is not a version like 1.2.3 (npm run release -- 1.2.3)`;
  if (status.trim() !== '')
    return `the working tree has uncommitted changes; commit or stash them first:\n${status.trimEnd()}`;
  if (compareVersions(version, current) <= 0)
    return `${version} is not higher than the last version, ${current}`;
  if (!changelogVersions(changelog).includes(version))
    return `CHANGELOG.md has no "## [${version}] - YYYY-MM-DD" section: move what is under Unreleased there first`;
  return undefined;
}

/** package.json with the version set; the rest as written. */
export function withPackageVersion(text, version) {
  const data = JSON.parse(text);
  data.version = version;
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** package-lock.json with the root package's version set (its two places). */
export function withLockVersion(text, version) {
  const data = JSON.parse(text);
  data.version = version;
  if (data.packages?.['']) data.packages[''].version = version;
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** The stores' size limits for an upload, in bytes. */
export const SIZE_LIMITS = {
  /** addons.mozilla.org: 200 MB for an add-on and for its sources. */
  firefox: 200 * 1024 * 1024,
  sources: 200 * 1024 * 1024,
  /** Chrome Web Store: 2 GB; a tenth of it is already far more than a page script should be. */
  chrome: 2 * 1024 * 1024 * 1024,
};

/** `sha256sum`'s format: one `<hex>  <name>` line per file, sorted by name. */
export function sha256Lines(sums) {
  return `${[...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, hex]) => `${hex}  ${name}`)
    .join('\n')}\n`;
}
