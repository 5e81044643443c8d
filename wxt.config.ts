import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

/**
 * Loopback origins. The e2e build is granted them at install so tests never meet a
 * permission prompt; the production build only ever asks for them at run time.
 */
const LOOPBACK = ['http://127.0.0.1/*', 'http://localhost/*'];
/** Any http(s) origin may be the API or a forum: asked for at run time, one origin at a time. */
const OPTIONAL_ORIGINS = ['https://*/*', 'http://*/*'];
const GECKO_ID = 'network-companion@example.org';

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // OUT_DIR lets several builds (parallel work, benchmarks) live side by side.
  outDir: process.env.OUT_DIR || '.output',
  vite: () => ({ plugins: [preact()] }),
  manifest: ({ browser, manifestVersion, mode }) => {
    const e2e = mode === 'e2e';
    const hostPermissions = e2e ? LOOPBACK : [];
    const base = {
      name: 'Network Companion',
      description:
        'Look up players, search the auction house, browse leaderboards, see the online count on the badge and player cards on forums.',
      homepage_url: 'https://github.com/network-companion/network-companion',
      permissions: ['storage', 'alarms', 'scripting'],
      action: { default_title: 'Network Companion' },
    };
    if (browser === 'firefox') {
      const gecko = {
        id: GECKO_ID,
        strict_min_version: '115.0',
        data_collection_permissions: { required: ['none'] },
      };
      if (manifestVersion === 2) {
        return {
          ...base,
          permissions: [...base.permissions, ...hostPermissions],
          optional_permissions: OPTIONAL_ORIGINS,
          browser_specific_settings: { gecko },
        };
      }
      return {
        ...base,
        host_permissions: hostPermissions,
        optional_host_permissions: OPTIONAL_ORIGINS,
        browser_specific_settings: { gecko },
      };
    }
    return {
      ...base,
      host_permissions: hostPermissions,
      optional_host_permissions: OPTIONAL_ORIGINS,
    };
  },
});
