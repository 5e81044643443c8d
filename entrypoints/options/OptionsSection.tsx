import type { ComponentChildren } from 'preact';
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
  children: ComponentChildren;
}

/** One section of the Options page: a region named by its heading, its fields, and its status. */
export function OptionsSection({ name, heading, status, children }: OptionsSectionProps) {
  return (
    <section class="options-section" aria-labelledby={`${name}-heading`}>
      <h2 id={`${name}-heading`}>{heading}</h2>
      {children}
      {status !== undefined && <StatusMessage status={status} id={`${name}-status`} />}
    </section>
  );
}
