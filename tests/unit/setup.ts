import { configure } from '@testing-library/preact';

// Views loaded on demand (components/lazy-view.tsx) are a dynamic import away; the first one in a
// test file is transformed on the spot, which can take more than the default second on a busy
// 2-core machine running the whole suite.
configure({ asyncUtilTimeout: 5_000 });
