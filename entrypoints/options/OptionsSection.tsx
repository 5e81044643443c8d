import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { type Status, StatusMessage } from '../../components/StatusMessage';

export interface OptionsSectionProps {
  /** The section's name in ids: its heading is `<name>-heading`, its status region `<name>-status`. */
  name: string;
  heading: string;
  /**
   * When given (null included), the section ends with its status region. Sections that place
   * the region elsewhere (inside a form, above a list) leave it out and render their own.
   */
  status?: Status | null;
  /**
   * An advanced section: only its heading shows, as a button that unfolds the rest (the
   * disclosure pattern: `aria-expanded` on a button inside the heading), so a first run sees
   * the few settings that matter.
   */
  folded?: boolean;
  children: ComponentChildren;
}

/** One section of the Options page: a region named by its heading, its fields, and its status. */
export function OptionsSection({ name, heading, status, folded = false, children }: OptionsSectionProps) {
  const [open, setOpen] = useState(!folded);
  const body = (
    <>
      {children}
      {status !== undefined && <StatusMessage status={status} id={`${name}-status`} />}
    </>
  );
  return (
    <section class="options-section" aria-labelledby={`${name}-heading`}>
      {folded ? (
        <>
          <h2 id={`${name}-heading`}>
            <button
              type="button"
              class="fold"
              aria-expanded={open ? 'true' : 'false'}
              aria-controls={`${name}-body`}
              onClick={() => setOpen((shown) => !shown)}
            >
              {heading}
            </button>
          </h2>
          <div id={`${name}-body`} hidden={!open}>
            {body}
          </div>
        </>
      ) : (
        <>
          <h2 id={`${name}-heading`}>{heading}</h2>
          {body}
        </>
      )}
    </section>
  );
}
