import { apiKeyProblem } from '@/utils/api/api-key';
import { parseBaseUrl } from '@/utils/api/base-url';
import type { Health } from '@/utils/api/schemas';
import type { ConnectionStatus, Reply } from '@/utils/messages';
import { apiKeyItem, updateSettings } from '@/utils/settings';
import { readConnection } from './connection';
import type { Gateway } from './gateway';

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
  const keyProblem = key === '' ? undefined : apiKeyProblem(key);
  if (keyProblem !== undefined) return invalid(keyProblem);

  await updateSettings({ apiBaseUrl: base.root });
  if (key !== '') await apiKeyItem.setValue(key);
  await deps.gateway.reset();
  deps.onSaved();
  return deps.gateway.health();
}
