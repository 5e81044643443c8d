/** WXT's output for `entrypoints/forum.content/`: the background registers it, Options injects it. */
export const FORUM_SCRIPT_FILE = 'content-scripts/forum.js';
