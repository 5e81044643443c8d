import type { ComponentChildren, RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * A small form behind a toggle button (the card's Compare and Set a goal, the Watchlist's Compare
 * two): the opener says whether it is open (aria-expanded) and what it opens (aria-controls); on
 * open the first field has the focus, and on close (the opener, Escape, or the form's own close)
 * the focus goes back to the opener so the keyboard user is not lost. The form is `noValidate`:
 * each user checks as typed and says why in a sentence.
 */
export interface DisclosureFormProps {
  /** The opened part's id, which the opener names in aria-controls. */
  id: string;
  /** The opener's words. */
  opener: ComponentChildren;
  /** The outer element's class. */
  class: string;
  formClass: string;
  /** The form's accessible name, when nothing around it names it. */
  formLabel?: string;
  /** The field focused as it opens. */
  firstField: RefObject<HTMLElement | null>;
  /** Called as it closes: clear what the open form showed. */
  onClose?: () => void;
  /** The submit, default prevented; `close` for a submit that is done with the form. */
  onSubmit: (close: () => void) => void;
  /** The form's fields and buttons; `close` for a Cancel button. */
  children: (close: () => void) => ComponentChildren;
  /** What is shown under the form while open (results); with it, the form and this share one region of this class. */
  body?: { class: string; after: ComponentChildren };
  /** Shown below, open or not (a status line that outlives the form). */
  footer?: ComponentChildren;
}

export function DisclosureForm(props: DisclosureFormProps) {
  const { id, body } = props;
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const { firstField } = props;

  useEffect(() => {
    if (open) firstField.current?.focus();
  }, [open, firstField]);

  const close = () => {
    setOpen(false);
    props.onClose?.();
    openerRef.current?.focus();
  };

  const form = (
    <form
      id={body ? undefined : id}
      class={props.formClass}
      noValidate
      aria-label={props.formLabel}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit(close);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
      }}
    >
      {props.children(close)}
    </form>
  );

  return (
    <div class={props.class}>
      <button
        ref={openerRef}
        type="button"
        class="button button--small"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={id}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {props.opener}
      </button>
      {open &&
        (body ? (
          <div id={id} class={body.class}>
            {form}
            {body.after}
          </div>
        ) : (
          form
        ))}
      {props.footer}
    </div>
  );
}
