import { lazyView } from '@/components/lazy-view';

/** Only a watched player has progress to show: its view loads when one is shown (PlayerTab.tsx). */
export const LazyPlayerProgress = lazyView(() =>
  import('./PlayerProgress').then((module) => module.PlayerProgress),
);
