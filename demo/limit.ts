/**
 * The `limit` query parameter of auction search and leaderboard. The spec fixes the default and
 * the silent cap; it leaves bad values open. The demo's choice: absent or empty → the default;
 * anything but a positive whole number in plain digits (`abc`, `0`, `-5`, `2.5`, `1e3`) → 400.
 */
export type LimitResult = { ok: true; value: number } | { ok: false; error: string };

export function parseLimit(raw: string | null, defaultValue: number, max: number): LimitResult {
  const text = raw?.trim() ?? '';
  if (text === '') return { ok: true, value: defaultValue };
  if (!/^\d+$/.test(text) || Number(text) === 0)
    return { ok: false, error: 'limit must be a positive integer' };
  return { ok: true, value: Math.min(Number(text), max) };
}
