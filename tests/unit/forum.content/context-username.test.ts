import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { answerContextUsername } from '@/entrypoints/forum.content/context-username';
import { CONTEXT_USERNAME_REQUEST } from '@/utils/forum/context-username-request';

const SELF = { id: fakeBrowser.runtime.id };

/** A right-click as the user makes it: `isTrusted`, which events made by scripts never are. */
function rightClick(target: Element, trusted = true): void {
  const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'isTrusted', { value: trusted });
  target.dispatchEvent(event);
}

async function ask(message: unknown = { type: CONTEXT_USERNAME_REQUEST }, sender: object = SELF) {
  // Answered through sendResponse (Chrome ignores a returned promise), or not at all.
  let reply: unknown;
  await fakeBrowser.runtime.onMessage.trigger(message, sender as never, (answer: unknown) => {
    reply = answer;
  });
  return reply;
}

let controller: AbortController;

beforeEach(() => {
  fakeBrowser.reset();
  controller = new AbortController();
  document.body.innerHTML = '<a class="username" href="/u/Steve">Steve</a><p id="post">Hello</p>';
  answerContextUsername({
    doc: document,
    find: (target) => (target instanceof Element && target.matches('a.username') ? target.textContent : null),
    runtime: fakeBrowser.runtime,
    signal: controller.signal,
  });
});

describe('answerContextUsername', () => {
  it('answers with the username under the last right-click', async () => {
    rightClick(document.querySelector('a.username') as Element);
    expect(await ask()).toEqual({ name: 'Steve' });
    rightClick(document.getElementById('post') as Element);
    expect(await ask()).toEqual({ name: null });
  });

  it('nothing right-clicked yet: null', async () => {
    expect(await ask()).toEqual({ name: null });
  });

  it('ignores contextmenu events the page makes up', async () => {
    rightClick(document.querySelector('a.username') as Element, false);
    expect(await ask()).toEqual({ name: null });
  });

  it('answers only this extension, and only its one request', async () => {
    rightClick(document.querySelector('a.username') as Element);
    expect(await ask({ type: CONTEXT_USERNAME_REQUEST }, { id: 'another-extension' })).toBeUndefined();
    for (const message of [
      { type: 'player-card', name: 'Steve' },
      { type: CONTEXT_USERNAME_REQUEST, extra: 1 },
      CONTEXT_USERNAME_REQUEST,
      null,
    ]) {
      expect(await ask(message)).toBeUndefined();
    }
  });

  it('stops answering when the content script is invalidated', async () => {
    rightClick(document.querySelector('a.username') as Element);
    controller.abort();
    expect(await ask()).toBeUndefined();
  });
});
