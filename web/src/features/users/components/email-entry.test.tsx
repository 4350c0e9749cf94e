import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { EmailEntry } from './email-entry';

function Entry({ initial, onChange }: { initial: string[]; onChange: (emails: string[]) => void }) {
  const [emails, setEmails] = useState(initial);
  return (
    <EmailEntry
      value={emails}
      onChange={(next) => {
        setEmails(next);
        onChange(next);
      }}
    />
  );
}

describe('the email entry of Add Users', () => {
  it("names each pill's remove button after its email, and removes that one", async () => {
    const onChange = vi.fn();
    renderWithApp(<Entry initial={['ann@example.com', 'bob@']} onChange={onChange} />);
    const removeAnn = screen.getByRole('button', { name: 'Remove ann@example.com' });
    expect(screen.getByRole('button', { name: 'Remove bob@' })).toBeTruthy();
    // Out of the Tab order: the box's Backspace removes from the keyboard.
    expect(removeAnn.getAttribute('tabindex')).toBe('-1');
    await userEvent.click(removeAnn);
    expect(onChange).toHaveBeenLastCalledWith(['bob@']);
    expect(screen.queryByRole('button', { name: 'Remove ann@example.com' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove bob@' })).toBeTruthy();
  });
});
