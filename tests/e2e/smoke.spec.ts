import { expect, test } from './fixtures';

test('the service worker starts and the popup and options pages open', async ({
  serviceWorker,
  extensionId,
  openExtensionPage,
}) => {
  expect(serviceWorker.url()).toBe(`chrome-extension://${extensionId}/background.js`);
  const popup = await openExtensionPage('popup.html');
  await expect(popup.getByRole('heading', { level: 1 })).toBeVisible();
  const options = await openExtensionPage('options.html');
  await expect(options.getByRole('heading', { level: 1 })).toBeVisible();
});
