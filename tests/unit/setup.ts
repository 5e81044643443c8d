import { configure } from '@testing-library/preact';
import { beforeEach } from 'vitest';
import { speak } from '../fixtures/catalogues';

// Views loaded on demand (components/lazy-view.tsx) are a dynamic import away; the first one in a
// test file is transformed on the spot, which can take more than the default second on a busy
// 2-core machine running the whole suite.
configure({ asyncUtilTimeout: 5_000 });

// The browser answers browser.i18n from locales/; unit tests read English unless they ask for
// another language (tests/fixtures/catalogues.ts).
await speak('en');
beforeEach(() => speak('en'));
