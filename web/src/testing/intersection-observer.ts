/**
 * An IntersectionObserver for happy-dom, which has no layout (its own never reports): each observed
 * element is reported once, soon after it is observed, on the screen or not as `onScreen` says.
 */
export function fakeIntersectionObserver(
  onScreen: (target: Element) => boolean,
): typeof IntersectionObserver {
  return class {
    constructor(private readonly report: IntersectionObserverCallback) {}
    observe(target: Element) {
      const isIntersecting = onScreen(target);
      queueMicrotask(() =>
        this.report([{ target, isIntersecting } as IntersectionObserverEntry], this as never),
      );
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
}
