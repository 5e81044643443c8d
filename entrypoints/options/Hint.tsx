import type { ComponentChildren } from 'preact';

/** A field's hint: one sentence under it, in the hint style; `id` when a field points at it. */
export function Hint({ id, children }: { id?: string; children: ComponentChildren }) {
  return (
    <p id={id} class="hint">
      {children}
    </p>
  );
}
