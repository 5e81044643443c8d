export default defineBackground(() => {
  browser.runtime.onInstalled.addListener(() => {
    console.info('Network Companion installed');
  });
});
