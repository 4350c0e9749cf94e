import { useState } from 'react';
import { Pill, TagsInput, VisuallyHidden } from '@mantine/core';
import { Email } from '@stormline/contract/person';

/** Spec 001 §2: emails are separated by enter (TagsInput's own), comma or space. */
export const EMAIL_SPLIT_CHARS = [',', ' '];

/** Spec 001 §5 and the contract's messages (CreateUsersBody). */
export const EMAIL_MESSAGES = {
  invalid: 'Please enter a valid email address',
  duplicate: 'Each email may be entered once',
  required: 'At least one email is required',
} as const;

export function isValidEmail(text: string): boolean {
  return Email.safeParse(text).success;
}

/**
 * The message the email entry shows for what it holds now: a malformed email as soon as it is
 * entered (its pill turns red); 'at least one' only once the step was checked (`required`).
 */
export function emailEntryMessage(emails: readonly string[]): string | null {
  if (emails.some((email) => !isValidEmail(email))) return EMAIL_MESSAGES.invalid;
  return null;
}

/**
 * The invitation's email entry: each email becomes a pill on enter, comma or space (and on paste
 * or leaving the box). A repeated email is not added again and says so; a malformed one stays as a
 * red pill with the spec's message until it is removed, so a pasted list loses nothing silently.
 */
export function EmailEntry({
  value,
  onChange,
  onBlur,
  error,
  inputRef,
}: {
  value: string[];
  onChange: (emails: string[]) => void;
  onBlur?: () => void;
  /** The form's message (after Next: 'At least one email is required', or the server's). */
  error?: string | null;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const message = emailEntryMessage(value) ?? (duplicate ? EMAIL_MESSAGES.duplicate : null) ?? error;

  return (
    <TagsInput
      ref={inputRef}
      label="Emails"
      description="Separate emails with enter, comma or space."
      placeholder={value.length === 0 ? 'name@example.com' : undefined}
      withAsterisk
      splitChars={EMAIL_SPLIT_CHARS}
      value={value}
      onChange={(next) => {
        setDuplicate(null);
        onChange(next.map((email) => email.trim()).filter(Boolean));
      }}
      onDuplicate={(email) => setDuplicate(email)}
      onBlur={onBlur}
      error={message || undefined}
      wrapperProps={{ 'data-testid': 'email-entry' }}
      renderPill={({ value: email = '', onRemove }) => {
        const valid = isValidEmail(email);
        return (
          <Pill
            key={email}
            withRemoveButton
            onRemove={onRemove}
            // Mantine hides the × from assistive technology and leaves it nameless: name it and let
            // a screen reader reach it. It stays out of the Tab order; Backspace removes from the box.
            removeButtonProps={{ 'aria-label': `Remove ${email}`, 'aria-hidden': undefined }}
            bg={valid ? undefined : 'red.1'}
            c={valid ? undefined : 'red.9'}
            data-invalid={valid ? undefined : true}
          >
            {email}
            {!valid && <VisuallyHidden> (not a valid email)</VisuallyHidden>}
          </Pill>
        );
      }}
    />
  );
}
