import type { z } from 'zod/mini';
import { shortText } from './short-text';

type PathKey = PropertyKey;

/** `['results', 0, 'price']` → `results[0].price`; the empty path → `response`. */
function formatIssuePath(path: readonly PathKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text === '' ? 'response' : text;
}

function valueAt(data: unknown, path: readonly PathKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

type Issue = z.core.$ZodIssue;

function describeIssue(issue: Issue, data: unknown): string {
  if (issue.code === 'invalid_type') {
    return valueAt(data, issue.path) === undefined ? 'missing' : `expected ${issue.expected}`;
  }
  // zod/mini ships no message text (no locale loaded): the words are ours.
  switch (issue.code) {
    case 'too_small':
      return `expected at least ${String(issue.minimum)}`;
    case 'too_big':
      return `expected at most ${String(issue.maximum)}`;
    case 'invalid_format':
      return `not a valid ${issue.format === 'regex' ? 'value' : issue.format}`;
    case 'invalid_value':
      return `expected ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}`;
    case 'not_multiple_of':
      return 'expected a whole number';
    default:
      return 'invalid value';
  }
}

/**
 * A failed safeParse → one short line naming where the body went wrong, e.g.
 * `stats.kills: expected number` or `results[2].seller: missing (and 1 more)`.
 */
export function describeSchemaFailure(error: z.core.$ZodError, data: unknown): string {
  const [first, ...rest] = error.issues;
  // i18n-ignore: a bad-response detail for logs and tests; describeError never shows it
  if (first === undefined) return 'The server answer did not match the expected shape';
  const more = rest.length > 0 ? ` (and ${rest.length} more)` : '';
  return shortText(`${formatIssuePath(first.path)}: ${describeIssue(first, data)}${more}`);
}
