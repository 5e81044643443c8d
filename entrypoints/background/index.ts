import { startBackground } from './start-background';

/**
 * The background: the API gateway (cache, in-flight dedupe, the 429 pause, the API key), the
 * badge poller and the forum content-script registrations. `main` stays synchronous so that
 * every listener is registered in the worker's first turn (see start-background.ts).
 */
export default defineBackground(() => {
  startBackground();
});
