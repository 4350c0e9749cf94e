import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/**
 * The first stop of the Tab order: jumps past the top bar and the navigation to the page's content.
 * Hidden until focused. The click moves focus itself rather than following the #fragment, which
 * would add a history entry the router then reads as a navigation.
 */
export function SkipLink({
  targetId,
  children = 'Skip to main content',
  behindDialog = false,
  onFocusBehindDialog,
}: {
  targetId: string;
  children?: string;
  /** A modal dialog is open over the page: the link is out of the Tab order and never shown. */
  behindDialog?: boolean;
  /** Focus reached it behind a dialog anyway: where it goes instead. */
  onFocusBehindDialog?: () => void;
}) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'start' });
  };
  return (
    <a
      href={`#${targetId}`}
      className={classes.link}
      onClick={skip}
      tabIndex={behindDialog ? -1 : undefined}
      data-behind-dialog={behindDialog || undefined}
      onFocus={behindDialog ? onFocusBehindDialog : undefined}
    >
      {children}
    </a>
  );
}
