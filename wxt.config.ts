import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { firstPaint } from './build/first-paint';

/**
 * Loopback origins. The e2e build is granted them at install so tests never meet a
 * permission prompt; the production build only ever asks for them at run time.
 */
const LOOPBACK = ['http://127.0.0.1/*', 'http://localhost/*'];
/** Any http(s) origin may be the API or a forum: asked for at run time, one origin at a time. */
const OPTIONAL_ORIGINS = ['https://*/*', 'http://*/*'];
/**
 * Asked for when the user turns on "Notify me when a watched player comes online". The e2e build
 * has it from install, as it has loopback hosts, so tests never meet a prompt.
 */
const OPTIONAL_PERMISSIONS = ['notifications'];
/** The toolbar tooltip until the badge sets its own (entrypoints/background/badge/badge-states.ts). */
const ACTION_TITLE = '__MSG_extension_actionTitle__';
const GECKO_ID = 'network-companion@example.org';
/** The toolbar button: 16 and 32 px (1x and 2x screens). */
const ACTION_ICONS = { 16: 'icon/16.png', 32: 'icon/32.png' };
/** The address-bar keyword: `nc Notch` (see entrypoints/background/lookup/omnibox.ts). */
const OMNIBOX_KEYWORD = 'nc';
/**
 * Opens the toolbar popup; users change it in the browser's shortcut settings. L for "look up":
 * Chromium keeps Alt+Shift+N (and C, P) for itself and leaves a suggestion of those unassigned.
 */
const OPEN_POPUP_SHORTCUT = { suggested_key: { default: 'Alt+Shift+L' } };

export default defineConfig({
  // No webextension-polyfill: every API used returns promises in Chrome 121+ and Firefox, and
  // runtime messages are answered through sendResponse (utils/respond-async.ts). 2.7 kB per page.
  // OUT_DIR lets several builds (parallel work, benchmarks) live side by side.
  outDir: process.env.OUT_DIR || '.output',
  // The catalogues in locales/ become _locales/<lang>/messages.json; keys are typed from en.yml.
  modules: ['@wxt-dev/i18n/module'],
  // The Firefox sources zip (AMO rebuilds it: scripts/check-reproducible.mjs) needs no pictures.
  zip: { excludeSources: ['docs/screenshots/**', 'store/screenshots/**', 'bench/results.json'] },
  vite: ({ mode }) => {
    // The e2e build is the production build plus loopback permissions: Vite treats every mode
    // but `production` as development (JSX with source locations, Preact's devtools hook, 3 kB
    // more), so tests and the bench would run code the store build does not ship.
    if (mode === 'e2e') process.env.NODE_ENV = 'production';
    // SOURCE_MAPS=1 writes maps beside the files without pointing at them, so the bundles stay
    // byte for byte the same: `npm run bench:shares` reads them (bench/size-shares.ts).
    const sourcemap = process.env.SOURCE_MAPS === '1' ? 'hidden' : false;
    return { plugins: [preact(), firstPaint()], build: { sourcemap } };
  },
  hooks: {
    // Chrome 121+ runs service_worker and ignores background.scripts; `web-ext lint` wants that
    // fallback in an MV3 package. WXT writes `background` after the manifest function, so here.
    'build:manifestGenerated': (wxt, manifest) => {
      // WXT writes the popup's <title> as the toolbar tooltip; it comes from the catalogue instead.
      for (const action of [manifest.action, manifest.browser_action]) {
        if (action) action.default_title = ACTION_TITLE;
      }
      const background = manifest.background as { service_worker?: string; scripts?: string[] } | undefined;
      if (wxt.config.browser !== 'firefox' && background?.service_worker) {
        background.scripts = [background.service_worker];
      }
    },
  },
  manifest: ({ browser, manifestVersion, mode }) => {
    const e2e = mode === 'e2e';
    const hostPermissions = e2e ? LOOPBACK : [];
    const grantedAtInstall = e2e ? OPTIONAL_PERMISSIONS : [];
    const optionalPermissions = e2e ? [] : OPTIONAL_PERMISSIONS;
    const base = {
      // The store listing and the toolbar tooltip come from the catalogue too (locales/).
      name: '__MSG_extension_name__',
      description: '__MSG_extension_description__',
      default_locale: 'en',
      homepage_url: 'https://github.com/network-companion/network-companion',
      // storage: settings, the key, caches; alarms: the badge poll; scripting: forum hover cards
      // registered at run time for the sites the user adds; contextMenus: "Look up" on selected
      // text and forum names; idle: no background requests while the user is away (see the
      // README's permissions table).
      permissions: ['storage', 'alarms', 'scripting', 'contextMenus', 'idle', ...grantedAtInstall],
      action: { default_title: ACTION_TITLE, default_icon: ACTION_ICONS },
      omnibox: { keyword: OMNIBOX_KEYWORD },
      commands: { _execute_action: OPEN_POPUP_SHORTCUT },
    };
    if (browser === 'firefox') {
      const gecko = {
        id: GECKO_ID,
        // 140: the oldest Firefox ESR still supported (every API used is older), and the first
        // version that reads data_collection_permissions and shows it at install.
        strict_min_version: '140.0',
        data_collection_permissions: { required: ['none'] },
      };
      // Firefox (109+) hides new buttons in the extensions menu; the badge is the point.
      const action = { ...base.action, default_area: 'navbar' };
      if (manifestVersion === 2) {
        const { action: _mv3Only, ...mv2 } = base;
        return {
          ...mv2,
          // WXT writes the popup into browser_action for MV2 and would then ignore `action`.
          browser_action: action,
          commands: { _execute_browser_action: OPEN_POPUP_SHORTCUT },
          permissions: [...mv2.permissions, ...hostPermissions],
          // WXT drops optional_host_permissions for MV2: origins go in optional_permissions.
          optional_permissions: [...OPTIONAL_ORIGINS, ...optionalPermissions],
          browser_specific_settings: { gecko },
        };
      }
      return {
        ...base,
        action,
        host_permissions: hostPermissions,
        optional_host_permissions: OPTIONAL_ORIGINS,
        optional_permissions: optionalPermissions,
        browser_specific_settings: { gecko },
      };
    }
    return {
      ...base,
      // Chrome 121+ accepts background.scripts beside service_worker (and ignores it): the
      // Firefox-compatible fallback `web-ext lint` asks of an MV3 package.
      minimum_chrome_version: '121',
      host_permissions: hostPermissions,
      optional_host_permissions: OPTIONAL_ORIGINS,
      optional_permissions: optionalPermissions,
      // Ignored by Chrome; keeps the Chrome package valid for `web-ext lint` (an MV3 package
      // without an add-on id is an error there).
      browser_specific_settings: {
        gecko: { id: GECKO_ID, data_collection_permissions: { required: ['none'] } },
      },
    };
  },
});
