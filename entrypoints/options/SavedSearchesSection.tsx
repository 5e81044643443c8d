import { useEffect, useState } from 'preact/hooks';
import { getSavedSearches, watchSavedSearches } from '../../utils/saved-searches/storage';
import { DEFAULT_BUDGET_PER_HOUR } from '../background/scheduler/limits';
import { alertChecksSentence } from './alert-checks-text';

export interface SavedSearchesSectionProps {
  /** The background budget (requests per hour); the default until it is a setting. */
  budgetPerHour?: number;
}

/** How often saved searches with an alert are checked in the background, at the current budget. */
export function SavedSearchesSection({ budgetPerHour = DEFAULT_BUDGET_PER_HOUR }: SavedSearchesSectionProps) {
  const [alerts, setAlerts] = useState<number | null>(null);

  useEffect(() => {
    const count = (searches: { alertBelow?: number }[]) =>
      setAlerts(searches.filter((search) => search.alertBelow !== undefined).length);
    getSavedSearches().then(count, () => setAlerts(0));
    return watchSavedSearches(count);
  }, []);

  return (
    <section class="options-section" aria-labelledby="saved-searches-heading">
      <h2 id="saved-searches-heading">Saved searches</h2>
      <p class="hint">
        {alerts === null ? 'Reading your saved searches…' : alertChecksSentence(alerts, budgetPerHour)}
      </p>
    </section>
  );
}
