import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * What Mantine asks of a browser that happy-dom does not provide: media queries (colour scheme,
 * breakpoints) and element resize observation.
 */
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => cleanup());

// happy-dom has no FontFaceSet: Mantine's autosizing Textarea listens for fonts loading.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
