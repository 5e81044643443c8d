import { browser } from 'wxt/browser';

/** Used where no browser answers (Node: the demo server, the bench, unit tests without a stub). */
export const FALLBACK_LANGUAGE = 'en';

/**
 * The browser's UI language as a BCP 47 tag (`de`, `pt-BR`): the language the browser picked the
 * catalogue for (locales/), so numbers and dates are formatted to match the words around them.
 */
export function uiLanguage(): string {
  // Read once per page: the browser's language changes only with a restart, and each call
  // crosses the extension bindings (the auction list asks for it 800 times a second).
  language ??= readUiLanguage();
  return language;
}

let language: string | undefined;

function readUiLanguage(): string {
  try {
    return browser?.i18n?.getUILanguage?.() || FALLBACK_LANGUAGE;
  } catch {
    return FALLBACK_LANGUAGE;
  }
}

/** Forgets the language read (tests switch it; utils/i18n/translate.ts resetLanguageCache). */
export function forgetUiLanguage(): void {
  language = undefined;
}

/** `ltr` or `rtl` for the catalogue in use (the platform's predefined `@@bidi_dir` message). */
export function textDirection(): 'ltr' | 'rtl' {
  try {
    return browser?.i18n?.getMessage?.('@@bidi_dir') === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

/** Sets `<html lang dir>` from the UI language, so screen readers speak the page's language. */
export function applyDocumentLanguage(root: HTMLElement = document.documentElement): void {
  root.lang = uiLanguage();
  root.dir = textDirection();
}
