import type { Status } from '../../components/StatusMessage';
import { t } from '../../utils/i18n/translate';
import { type Settings, updateSettings } from '../../utils/settings';

/** Store a non-secret setting and say so in the section's status region. */
export async function saveSetting(patch: Partial<Settings>, show: (status: Status) => void): Promise<void> {
  try {
    await updateSettings(patch);
    show({ tone: 'success', text: t('options.saved') });
  } catch {
    show({ tone: 'error', text: t('options.saveFailed'), detail: t('options.saveFailedDetail') });
  }
}
