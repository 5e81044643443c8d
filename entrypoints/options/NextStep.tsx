import { t } from '../../utils/i18n/translate';

/**
 * What to do once connected, said where the user is looking: the first run ends here, and
 * without it the page just stops at "Connected". Outside the status region, so it is read
 * when reached, not announced on every check.
 */
export function NextStep() {
  return (
    <div class="next-step">
      <h3>{t('options.connection.nextHeading')}</h3>
      <ol>
        <li>{t('options.connection.nextPin')}</li>
        <li>{t('options.connection.nextLookUp')}</li>
      </ol>
    </div>
  );
}
