import type { ComponentChildren } from 'preact';
import { Hint } from './Hint';

export interface SelectChoice {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  choices: readonly SelectChoice[];
  /** Under the list, pointed at by it as `<id>-help`. */
  help: string;
  /** More that describes the list, after the hint: its ids go in `describedBy`. */
  children?: ComponentChildren;
  describedBy?: readonly string[];
  onChange: (value: string) => void;
}

/** A labelled drop-down list with its hint (and anything more that describes it) under it. */
export function SelectField({
  id,
  label,
  value,
  choices,
  help,
  children,
  describedBy = [],
  onChange,
}: SelectFieldProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-describedby={[`${id}-help`, ...describedBy].join(' ')}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <Hint id={`${id}-help`}>{help}</Hint>
      {children}
    </div>
  );
}
