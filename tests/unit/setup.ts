import { configure } from '@testing-library/preact';
import { beforeEach } from 'vitest';
import { speak } from '../fixtures/catalogues';

// A hang guard, not a speed judgement (vitest's own limit is 30 s, vitest.config.ts): views loaded
// on demand (components/lazy-view.tsx) are transformed on the spot, and with every core busy
// (scripts/busy.mjs beside the whole suite) App.test.tsx's first Auctions tab took over 5 s.
configure({ asyncUtilTimeout: 20_000 });

// The browser answers browser.i18n from locales/; unit tests read English unless they ask for
// another language (tests/fixtures/catalogues.ts).
await speak('en');
beforeEach(() => speak('en'));
