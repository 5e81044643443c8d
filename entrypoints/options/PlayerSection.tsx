import { isGameName } from '../../utils/api/identifiers';
import { t } from '../../utils/i18n/translate';
import { DraftField } from './DraftField';
import { OptionsSection } from './OptionsSection';
import { saveSetting } from './save-setting';
import type { DraftCheck } from './use-draft-field';
import { useFlashStatus } from './use-flash-status';

/** What the field says when the name is not a player name. */
export function ownNameMessage(): string {
  return t('options.player.nameInvalid');
}

/** Empty (no name) or a player name, trimmed. */
function checkOwnName(text: string): DraftCheck {
  const name = text.trim();
  return name !== '' && !isGameName(name) ? { ok: false, error: ownNameMessage() } : { ok: true, text: name };
}

export interface PlayerSectionProps {
  ownName: string;
}

/** Your own player name (optional): highlighted in leaderboards. */
export function PlayerSection({ ownName }: PlayerSectionProps) {
  const [status, showStatus] = useFlashStatus();
  return (
    <OptionsSection name="player" heading={t('options.player.heading')} status={status}>
      <DraftField
        id="own-name"
        label={t('options.player.nameLabel')}
        optional
        help={t('options.player.nameHelp')}
        saved={ownName}
        check={checkOwnName}
        onSave={(name) => saveSetting({ ownName: name }, showStatus)}
        input={{ type: 'text', autoComplete: 'off', autoCapitalize: 'off', spellcheck: false }}
      />
    </OptionsSection>
  );
}
