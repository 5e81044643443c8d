import { fireEvent, screen } from '@testing-library/preact';

/** Open every folded section (OptionsSection's `folded`), as a user wanting them would. */
export function unfoldAll(): void {
  for (const fold of screen.queryAllByRole('button', { expanded: false })) fireEvent.click(fold);
}
