import { apiKeyItem, getSettings } from '@/utils/settings';

/** Where the API is and the key to send: read fresh for every request (two local reads). */
export interface Connection {
  /** The saved base URL; '' when none. */
  baseUrl: string;
  /** The saved key, trimmed; '' when none. */
  apiKey: string;
}

export async function readConnection(): Promise<Connection> {
  const [settings, apiKey] = await Promise.all([getSettings(), apiKeyItem.getValue()]);
  return { baseUrl: settings.apiBaseUrl.trim(), apiKey: typeof apiKey === 'string' ? apiKey.trim() : '' };
}

export function isConfigured(connection: Connection): boolean {
  return connection.baseUrl !== '' && connection.apiKey !== '';
}
