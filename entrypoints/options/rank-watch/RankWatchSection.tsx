import { browser } from 'wxt/browser';
import { t } from '@/utils/i18n/translate';
import { RANK_TOP_CHOICES, type RankTop } from '@/utils/rank-watch/rank-top';
import type { Settings } from '@/utils/settings';
import { CheckField } from '../CheckField';
import { OptionsSection } from '../OptionsSection';
import { SelectField } from '../SelectField';
import { saveSetting } from '../save-setting';
import { useFlashStatus } from '../use-flash-status';

export type RankWatchSettings = Pick<Settings, 'rankWatch' | 'rankNotify' | 'rankNotifyTop'>;

/**
 * Rank watch (issue 35): reading the boards for the own name and watched players (a stream of
 * the background budget), and optional notifications of top N changes. `notifications` is
 * optional: asked for when the box is ticked, in the click itself, as browsers require.
 */
export function RankWatchSection({ rankWatch, rankNotify, rankNotifyTop }: RankWatchSettings) {
  const [status, showStatus] = useFlashStatus();
  const refused = (box: HTMLInputElement) => {
    box.checked = false;
    showStatus({
      tone: 'error',
      text: t('rankWatch.options.notifyRefused'),
      detail: t('rankWatch.options.notifyRefusedDetail'),
    });
  };

  function changeNotify(checked: boolean, box: HTMLInputElement) {
    if (!checked) {
      saveSetting({ rankNotify: false }, showStatus);
      return;
    }
    browser.permissions.request({ permissions: ['notifications'] }).then(
      (granted) => (granted ? saveSetting({ rankNotify: true }, showStatus) : refused(box)),
      () => refused(box),
    );
  }

  return (
    <OptionsSection name="rank-watch" heading={t('rankWatch.options.heading')} status={status}>
      <CheckField
        id="rank-watch"
        label={t('rankWatch.options.enableLabel')}
        checked={rankWatch}
        help={t('rankWatch.options.enableHelp')}
        onChange={(checked) => saveSetting({ rankWatch: checked }, showStatus)}
      />
      <CheckField
        id="rank-notify"
        label={t('rankWatch.options.notifyLabel')}
        checked={rankNotify}
        help={t('rankWatch.options.notifyHelp')}
        onChange={changeNotify}
      />
      <SelectField
        id="rank-notify-top"
        label={t('rankWatch.options.topLabel')}
        value={String(rankNotifyTop)}
        choices={RANK_TOP_CHOICES.map((top) => ({
          value: String(top),
          label: t('rankWatch.options.topOption', { top }),
        }))}
        help={t('rankWatch.options.notifyHelp')}
        onChange={(value) => {
          const top = RANK_TOP_CHOICES.find((choice) => String(choice) === value);
          if (top !== undefined) saveSetting({ rankNotifyTop: top satisfies RankTop }, showStatus);
        }}
      />
    </OptionsSection>
  );
}
