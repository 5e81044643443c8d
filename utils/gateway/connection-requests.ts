import { parseBaseUrl } from '../api/base-url';
import { BAD_KEY_MESSAGE } from '../api/client';
import type { Health } from '../api/schemas';
import type { ConnectionStatus, Reply } from '../messages';
import { apiKeyItem, updateSettings } from '../settings';
import { readConnection } from './connection';
import type { Gateway } from './gateway';

/** A key the API can be sent: visible ASCII, spaces only inside (the client's own rule). */
const SENDABLE_KEY = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

const invalid = (message: string): Reply<never> => ({ ok: false, error: { kind: 'invalid-input', message } });

/** What the options page may know: the base URL and whether a key is saved, never the key. */
export async function connectionStatus(): Promise<ConnectionStatus> {
  const connection = await readConnection();
  return { baseUrl: connection.baseUrl, hasKey: connection.apiKey !== '' };
}

/**
 * Save the base URL (normalised) and the key (trimmed; absent or blank keeps the saved one),
 * start afresh (no cached answers from the old server, no pause from the old key), tell the
 * badge, and check the pair against /api/health. Nothing is stored when either is unusable.
 */
export async function saveConnection(
  request: { baseUrl: string; apiKey?: string | undefined },
  deps: { gateway: Gateway; onSaved: () => void },
): Promise<Reply<Health>> {
  const base = parseBaseUrl(request.baseUrl);
  if (!base.ok) return invalid(base.message);
  const key = request.apiKey?.trim() ?? '';
  if (key !== '' && !SENDABLE_KEY.test(key)) return invalid(BAD_KEY_MESSAGE);

  await updateSettings({ apiBaseUrl: base.root });
  if (key !== '') await apiKeyItem.setValue(key);
  await deps.gateway.reset();
  deps.onSaved();
  return deps.gateway.health();
}
