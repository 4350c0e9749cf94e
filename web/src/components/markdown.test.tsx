import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/render';
import { Markdown } from './markdown';

describe('Markdown, as inspectors read an attestation', () => {
  it('shows raw HTML as text, never as an element: no image with a handler, no script', () => {
    const { container } = renderWithApp(
      <Markdown source={'I certify <img src=x onerror=alert(1)> this.\n\n<script>alert(2)</script>'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('I certify <img src=x onerror=alert(1)> this.')).toBeTruthy();
    expect(screen.getByText('<script>alert(2)</script>')).toBeTruthy();
  });

  it('formats the markdown an author writes, keeps their line breaks, and opens links in a new tab without an opener', () => {
    const { container } = renderWithApp(
      <Markdown
        source={'I certify this is **true**\nand *complete*.\n\n- [The permit](https://example.com/permit)'}
      />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('true');
    expect(container.querySelector('em')?.textContent).toBe('complete');
    expect(container.querySelector('br')).not.toBeNull();
    const link = screen.getByRole('link', { name: 'The permit' });
    expect(link.getAttribute('href')).toBe('https://example.com/permit');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('leaves out links that would run code, and images', () => {
    const { container } = renderWithApp(
      <Markdown source={'[Open](javascript:alert(1)) ![pixel](https://tracker.example/p.gif)'} />,
    );
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('[Open](javascript:alert(1))');
  });
});
