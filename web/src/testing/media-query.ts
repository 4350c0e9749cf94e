/**
 * A MediaQueryList that answers `matches` and never changes: what Mantine's media queries (colour
 * scheme, breakpoints) need of a browser that happy-dom does not provide.
 */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}
