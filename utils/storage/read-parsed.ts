import type { z } from 'zod/mini';

/**
 * A stored value parsed by `schema`; `fallback` when it is absent or does not parse (a shape an
 * older release wrote, a hand edit): stored data is read at the edge like any other input.
 */
export async function readParsed<S extends z.ZodMiniType>(
  store: { get(key: string): Promise<unknown> },
  key: string,
  schema: S,
  fallback: z.output<S>,
): Promise<z.output<S>> {
  const parsed = schema.safeParse(await store.get(key));
  return parsed.success ? parsed.data : fallback;
}
