/** The one header that carries the API key (docs/api-spec.md §5); the privacy policy names it too. */
export const API_KEY_HEADER = 'X-API-Key';
