import { Hint } from './Hint';

export interface CheckFieldProps {
  id: string;
  label: string;
  checked: boolean;
  /** Under the box, pointed at by it as `<id>-help`. */
  help?: string;
  /** The new state, and the box itself (to untick it when the change is refused). */
  onChange: (checked: boolean, box: HTMLInputElement) => void;
}

/** A checkbox with its label after it, and an optional hint under both. */
export function CheckField({ id, label, checked, help, onChange }: CheckFieldProps) {
  const helpId = help === undefined ? undefined : `${id}-help`;
  return (
    <>
      <div class="field field--check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={helpId}
          onChange={(event) => onChange(event.currentTarget.checked, event.currentTarget)}
        />
        <label for={id}>{label}</label>
      </div>
      {help !== undefined && <Hint id={helpId}>{help}</Hint>}
    </>
  );
}
