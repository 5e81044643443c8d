export interface SpinnerProps {
  /** What is loading, in words ("Looking up Steve…"); shown beside the spinner. */
  label: string;
  /** Extra class names. */
  class?: string;
}

/** A visible loading indicator with its text; the region that loads sets `aria-busy` itself. */
export function Spinner({ label, class: className }: SpinnerProps) {
  return (
    <div class={className ? `spinner ${className}` : 'spinner'} role="status">
      <span class="spinner__wheel" aria-hidden="true" />
      <span class="spinner__label">{label}</span>
    </div>
  );
}
