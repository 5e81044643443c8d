import { openOptions } from './open-options';

/** Shown instead of the tabs until an API key and base URL are set: one step, one button. */
export function SetupPrompt() {
  return (
    <main class="setup" aria-labelledby="setup-title">
      <h2 id="setup-title">Connect to the network</h2>
      <p>
        Get your API key in game, then add it in the options to look up players, search the auction house and
        browse the leaderboards.
      </p>
      <button type="button" class="button button--primary" onClick={openOptions}>
        Open options to add your API key
      </button>
    </main>
  );
}
