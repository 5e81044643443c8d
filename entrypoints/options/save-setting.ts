import type { Status } from '../../components/StatusMessage';
import { type Settings, updateSettings } from '../../utils/settings';

const SAVED_STATUS: Status = { tone: 'success', text: 'Saved' };
const SAVE_FAILED_STATUS: Status = {
  tone: 'error',
  text: 'Could not save the setting.',
  detail: 'Try again; if it keeps failing, restart the browser.',
};

/** Store a non-secret setting and say so in the section's status region. */
export async function saveSetting(patch: Partial<Settings>, show: (status: Status) => void): Promise<void> {
  try {
    await updateSettings(patch);
    show(SAVED_STATUS);
  } catch {
    show(SAVE_FAILED_STATUS);
  }
}
