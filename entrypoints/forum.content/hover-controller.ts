/**
 * When a hover card opens and closes: delegated pointer, focus and key listeners on the
 * document (a handful, whatever the page's size; posts added later just work), the hover
 * delay, the grace period, and these rules:
 *
 * - opens after `delayMs()` of pointer hover or keyboard focus on a username, cancelled when
 *   the pointer (and focus) leave it first;
 * - stays while the pointer or focus is on the name or the card; closes `graceMs` after both
 *   left; closes at once on Escape (focus returns to the name when it was in the card), on a
 *   pointer press outside both, on scroll of a container holding the name (the page's own
 *   scrolling just moves the card along), and when the name (or the card) leaves the page;
 * - at most one card: opening another closes the first;
 * - after Escape the same name does not reopen until the pointer and focus have left it;
 * - Tab on the name moves focus into the card; Tab past the card's last control closes it
 *   and returns focus to the name, Shift+Tab from its first control returns to the name.
 *
 * What is shown, and where, is the caller's business (`open` / `close` / `focusables`).
 * Touch pointers are ignored (a tap on a name is a navigation, not a hover).
 */

export interface UsernameHit {
  readonly element: Element;
  readonly name: string;
  /** The name the forum shows when it is not the account name (page text). */
  readonly displayName?: string;
}

export interface HoverControllerOptions {
  /** Where the listeners go. */
  doc: Document;
  /** The username at an event target, or null (cheap: called on every pointerover). */
  find(target: EventTarget | null): UsernameHit | null;
  delayMs(): number;
  /** Called when a name starts its delay (e.g. to load the card's code meanwhile). */
  onPending?(): void;
  /** The card's shadow host while a card is shown (events from inside it are retargeted to it). */
  cardHost(): Element | null;
  /** The card's focusable controls, in tab order, and the one focused (inside the shadow root). */
  focusables(): readonly HTMLElement[];
  activeInCard(): Element | null;
  open(anchor: Element, name: string, displayName?: string): void;
  close(): void;
  graceMs?: number;
  signal?: AbortSignal;
}

export interface HoverController {
  /** The username element whose card is open, or null. */
  readonly anchor: Element | null;
  /** Close the card now (no grace). */
  close(): void;
}

export const CLOSE_GRACE_MS = 200;

/** Elements that take focus, to return focus to the name (or the link around it). */
const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

type Timer = ReturnType<typeof setTimeout>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).nodeType === 'number';
}

/** `node` is `element` or inside it. */
function within(node: unknown, element: Element | null | undefined): boolean {
  return element != null && isNode(node) && element.contains(node);
}

/**
 * `node` is `element`, inside it, or the focusable element (the link) around it: a name is
 * often a `<span>` in a link, hovered as the one and focused as the other.
 */
function related(node: unknown, element: Element | null | undefined): boolean {
  return within(node, element) || (element != null && isNode(node) && node === element.closest(FOCUSABLE));
}

export function createHoverController(options: HoverControllerOptions): HoverController {
  const { doc, signal } = options;
  const grace = options.graceMs ?? CLOSE_GRACE_MS;

  let pending: { hit: UsernameHit; timer: Timer } | null = null;
  let anchor: Element | null = null;
  let pointerIn = false;
  let focusIn = false;
  let closeTimer: Timer | undefined;
  /** Closed with Escape or Tab: not reopened until pointer and focus have left it. */
  let suppressed: Element | null = null;
  /** The last element the pointer was seen over (null once it left the window). */
  let hovered: EventTarget | null = null;
  /** Where focus was before Tab moved it into the card. */
  let returnTo: HTMLElement | null = null;
  let observer: MutationObserver | null = null;
  let openAbort: AbortController | null = null;

  const host = () => options.cardHost();
  const inZone = (node: unknown) => within(node, anchor) || within(node, host());

  const cancelPending = () => {
    if (pending !== null) clearTimeout(pending.timer);
    pending = null;
  };
  const cancelClose = () => {
    clearTimeout(closeTimer);
    closeTimer = undefined;
  };
  const maybeClose = () => {
    if (pointerIn || focusIn || closeTimer !== undefined) return;
    closeTimer = setTimeout(close, grace);
  };

  function close(): void {
    cancelClose();
    if (anchor === null) return;
    anchor = null;
    pointerIn = false;
    focusIn = false;
    returnTo = null;
    observer?.disconnect();
    observer = null;
    openAbort?.abort();
    openAbort = null;
    options.close();
  }

  function open(hit: UsernameHit): void {
    if (!hit.element.isConnected) return;
    close();
    anchor = hit.element;
    pointerIn = within(hovered, anchor);
    focusIn = related(doc.activeElement, anchor);
    options.open(anchor, hit.name, hit.displayName);
    // Only while a card is open: notice the name (or the card) leaving the page, and
    // scrolling of a container that holds the name.
    observer = new MutationObserver(() => {
      const cardHost = host();
      if (anchor !== null && (!anchor.isConnected || (cardHost !== null && !cardHost.isConnected))) close();
    });
    observer.observe(doc, { childList: true, subtree: true });
    openAbort = new AbortController();
    doc.addEventListener(
      'scroll',
      (event) => {
        const target = event.target;
        if (
          target !== doc &&
          target !== doc.documentElement &&
          isNode(target) &&
          within(anchor, target as Element)
        ) {
          close();
        }
      },
      { capture: true, passive: true, signal: openAbort.signal },
    );
    if (!pointerIn && !focusIn) maybeClose();
  }

  function schedule(hit: UsernameHit): void {
    cancelPending();
    options.onPending?.();
    pending = {
      hit,
      timer: setTimeout(() => {
        pending = null;
        open(hit);
      }, options.delayMs()),
    };
  }

  function suppress(element: Element | null): void {
    suppressed = element;
  }

  function returnFocus(element: Element | null): void {
    const target =
      returnTo?.isConnected === true
        ? returnTo
        : ((element?.closest(FOCUSABLE) as HTMLElement | null) ?? null);
    target?.focus();
  }

  /** A username at `target` that may start the delay, or null. */
  function candidate(target: EventTarget | null): UsernameHit | null {
    if (within(target, pending?.hit.element)) return null;
    const hit = options.find(target);
    if (hit === null || related(hit.element, suppressed) || related(suppressed, hit.element)) return null;
    if (hit.element === anchor) return null;
    return hit;
  }

  const onPointerOver = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return;
    const target = event.target;
    hovered = target;
    if (anchor !== null && inZone(target)) {
      pointerIn = true;
      cancelClose();
      return;
    }
    const hit = candidate(target);
    if (hit !== null) schedule(hit);
  };

  const onPointerOut = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return;
    const { target, relatedTarget: to } = event;
    if (to === null) hovered = null;
    if (
      pending !== null &&
      within(target, pending.hit.element) &&
      !within(to, pending.hit.element) &&
      !related(doc.activeElement, pending.hit.element)
    ) {
      cancelPending();
    }
    if (related(target, suppressed) && !related(to, suppressed)) suppress(null);
    if (anchor !== null && inZone(target) && !inZone(to)) {
      pointerIn = false;
      maybeClose();
    }
  };

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (anchor !== null && inZone(target)) {
      focusIn = true;
      cancelClose();
      return;
    }
    const hit = candidate(target);
    if (hit !== null) schedule(hit);
  };

  const onFocusOut = (event: FocusEvent) => {
    const { target, relatedTarget: to } = event;
    if (
      pending !== null &&
      related(target, pending.hit.element) &&
      !related(to, pending.hit.element) &&
      !within(hovered, pending.hit.element)
    ) {
      cancelPending();
    }
    if (related(target, suppressed) && !related(to, suppressed)) suppress(null);
    if (anchor !== null && inZone(target) && !inZone(to)) {
      focusIn = false;
      maybeClose();
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      if (pending !== null) suppress(pending.hit.element);
      cancelPending();
      if (anchor === null) return;
      const name = anchor;
      const focusWasInCard = within(doc.activeElement, host());
      const back = returnTo;
      close();
      suppress(name);
      if (focusWasInCard) {
        returnTo = back;
        returnFocus(name);
        returnTo = null;
      }
      return;
    }
    if (event.key !== 'Tab' || anchor === null || event.altKey || event.ctrlKey || event.metaKey) return;
    const active = doc.activeElement;
    const controls = options.focusables();
    if (within(active, host())) {
      const index = controls.indexOf(options.activeInCard() as HTMLElement);
      const leavingForward = !event.shiftKey && index === controls.length - 1;
      const leavingBack = event.shiftKey && index <= 0;
      if (!leavingForward && !leavingBack) return;
      event.preventDefault();
      const name = anchor;
      if (leavingForward) {
        const back = returnTo;
        close();
        suppress(name);
        returnTo = back;
      }
      returnFocus(name);
      returnTo = null;
      return;
    }
    const first = controls[0];
    if (!event.shiftKey && first !== undefined && related(active, anchor)) {
      event.preventDefault();
      returnTo = active instanceof HTMLElement ? active : null;
      first.focus();
    }
  };

  const onPointerDown = (event: PointerEvent) => {
    if (anchor !== null && !inZone(event.target)) close();
  };

  const passive = { capture: true, passive: true, signal };
  doc.addEventListener('pointerover', onPointerOver, passive);
  doc.addEventListener('pointerout', onPointerOut, passive);
  doc.addEventListener('pointerdown', onPointerDown, passive);
  doc.addEventListener('focusin', onFocusIn, passive);
  doc.addEventListener('focusout', onFocusOut, passive);
  doc.addEventListener('keydown', onKeyDown, { capture: true, signal });
  signal?.addEventListener('abort', () => {
    cancelPending();
    close();
  });

  return {
    get anchor() {
      return anchor;
    },
    close,
  };
}
