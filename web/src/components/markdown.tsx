import { useMemo } from 'react';
import { Typography, type TypographyProps } from '@mantine/core';
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

/**
 * Markdown written by template authors (attestations), read by every inspector who signs: raw
 * HTML is not markdown here (`html: false` prints `<img onerror=…>` as text), bare URLs stay text,
 * and images are left out (a statement has none, and a remote image would report who read it).
 * An author's line breaks are kept, as the plain text showed them before.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: true }).disable(
  'image',
);

/**
 * The HTML of `source`, sanitized once more by DOMPurify (markdown-it already refuses
 * javascript: and data: links): links open in a new tab without an opener or a referrer.
 */
export function renderMarkdown(source: string): string {
  const clean = DOMPurify.sanitize(markdown.render(source), {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'img'],
    FORBID_ATTR: ['style'],
    RETURN_DOM_FRAGMENT: true,
  });
  for (const link of clean.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  const holder = document.createElement('div');
  holder.append(clean);
  return holder.innerHTML;
}

/** Markdown shown as formatted text, safely (see renderMarkdown); Mantine's type styles apply. */
export function Markdown({ source, ...box }: { source: string } & Omit<TypographyProps, 'children'>) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    // A long unbroken word (a URL, a code) wraps instead of running out of its card.
    <Typography {...box} style={{ overflowWrap: 'anywhere' }}>
      {/* Sanitized by renderMarkdown: formatting shows, never markup of the author's own. */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
