export default defineContentScript({
  registration: 'runtime',
  main() {},
});
