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
}: {
  targetId: string;
  children?: string;
}) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'start' });
  };
  return (
    <a href={`#${targetId}`} className={classes.link} onClick={skip}>
      {children}
    </a>
  );
}
