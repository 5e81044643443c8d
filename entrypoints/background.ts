import { startBackground } from '../utils/gateway/start-background';

/**
 * The background: the API gateway (cache, in-flight dedupe, the 429 pause, the API key), the
 * badge poller and the forum content-script registrations. `main` stays synchronous so that
 * every listener is registered in the worker's first turn (see utils/gateway/start-background.ts).
 */
export default defineBackground(() => {
  startBackground();
});
