import type { MESSAGES, MessageType, Reply, ReplyFor, RequestFor } from './messages';
import { sendRequest } from './send-request';

/** What a view gets when the background cannot be reached or answers something it should not. */
const NO_BACKGROUND_REPLY: Reply<never> = { ok: false, error: { kind: 'no-background' } };

/**
 * The message table (and zod with it) is fetched with the first request, while the background
 * works on it: it is needed only to check the reply, so it stays out of every view's first
 * paint (bench/README.md, "popup JavaScript loaded before first use").
 */
let table: typeof MESSAGES | undefined;
const loadTable = async () => {
  table ??= (await import('./messages')).MESSAGES;
  return table;
};

/**
 * Send a request to the background and validate its reply against the table's schema. For
 * data requests a background that cannot be reached, or a reply that fails validation, becomes
 * NO_BACKGROUND_REPLY, so views have exactly one shape to handle; for the others
 * (`connection-status`) it throws.
 */
export async function askBackground<T extends MessageType>(request: RequestFor<T>): Promise<ReplyFor<T>> {
  // Fetched while the background works; once loaded, replies are checked without waiting.
  const loading = table === undefined ? loadTable() : undefined;
  let raw: unknown;
  try {
    raw = await sendRequest(request);
  } catch {
    raw = NO_BACKGROUND_REPLY;
  }
  const schema = (table ?? (await (loading ?? loadTable())))[request.type].reply;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data as ReplyFor<T>;
  const fallback = schema.safeParse(NO_BACKGROUND_REPLY);
  if (fallback.success) return fallback.data as ReplyFor<T>;
  throw new Error(`Unexpected reply to ${request.type}`);
}
