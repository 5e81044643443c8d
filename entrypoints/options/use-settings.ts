import { useEffect, useState } from 'preact/hooks';
import { getSettings, type Settings, watchSettings } from '../../utils/settings';

/**
 * The current settings, kept up to date when they change anywhere (another options tab, the
 * background, a migration). null until the first read finishes.
 */
export function useSettings(): Settings | null {
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    let live = true;
    const unwatch = watchSettings((next) => {
      if (live) setSettings(next);
    });
    getSettings().then((first) => {
      if (live) setSettings((current) => current ?? first);
    });
    return () => {
      live = false;
      unwatch();
    };
  }, []);
  return settings;
}
