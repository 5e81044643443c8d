import './status-message.css';

/**
 * A live status region (`role="status"`, polite): always in the DOM, so screen readers
 * announce each new message. Empty when there is nothing to say.
 */
export type StatusTone = 'info' | 'busy' | 'success' | 'error';

export interface Status {
  tone: StatusTone;
  /** The short headline: "Connected", "Invalid API key". */
  text: string;
  /** One more sentence: what it means or what to do next. */
  detail?: string;
  /**
   * What screen readers announce instead of the visible text, for text that changes every
   * second (a countdown): the visible part is hidden from them and this is read once.
   */
  spoken?: string;
}

export interface StatusMessageProps {
  status: Status | null;
  id?: string;
  class?: string;
}

/** Icons beside the text (hidden from screen readers: the words carry the meaning); busy is a CSS spinner. */
const MARKERS: Record<StatusTone, string> = { info: 'i', busy: '', success: '✓', error: '!' };

export function StatusMessage({ status, id, class: className }: StatusMessageProps) {
  const classes = ['status-message', status ? `status-message--${status.tone}` : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div role="status" id={id} class={classes}>
      {status && (
        <>
          <span class="status-message__marker" aria-hidden="true">
            {MARKERS[status.tone]}
          </span>
          {status.spoken !== undefined && <span class="status-message__spoken">{status.spoken}</span>}
          <span class="status-message__body" aria-hidden={status.spoken !== undefined ? 'true' : undefined}>
            <strong class="status-message__text">{status.text}</strong>
            {status.detail && <span class="status-message__detail"> {status.detail}</span>}
          </span>
        </>
      )}
    </div>
  );
}
