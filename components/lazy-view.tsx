import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../utils/i18n/translate';
import { Spinner } from './Spinner';

/**
 * A view fetched on first render (dynamic `import()`), so it costs nothing until it is shown:
 * the popup's eager JavaScript budget (bench/README.md) depends on every tab but the first, and
 * every chart, loading this way. Until the chunk arrives a polite "Loading…" stands in; if it
 * cannot be fetched (the extension was updated under an open popup), the view says so.
 */
export function lazyView<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ((props: Props) => JSX.Element) & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<ComponentType<Props>> | undefined;
  const fetchOnce = () => {
    pending ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return pending;
  };
  function LazyView(props: Props) {
    const [, setReady] = useState(loaded !== undefined);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (loaded !== undefined) return;
      let live = true;
      fetchOnce().then(
        () => live && setReady(true),
        () => {
          pending = undefined;
          if (live) setFailed(true);
        },
      );
      return () => {
        live = false;
      };
    }, []);
    if (loaded !== undefined) {
      const Component = loaded;
      return <Component {...props} />;
    }
    if (failed) {
      return (
        <div class="error-notice" role="alert">
          <p class="error-notice__message">{t('card.view.loadFailed')}</p>
        </div>
      );
    }
    return <Spinner label={t('card.view.loading')} />;
  }
  // Fetched ahead (before it is shown), the view renders at once, without a "Loading…" first.
  return Object.assign(LazyView, { preload: fetchOnce });
}
