/**
 * Leading and trailing throttle: the first call runs at once, calls within `waitMs` collapse into one
 * more run with the latest arguments when the window ends.
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  waitMs: number,
): (...args: A) => void {
  let windowEndsAt = 0;
  let pending: A | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    if (pending) {
      const args = pending;
      pending = null;
      windowEndsAt = Date.now() + waitMs;
      fn(...args);
      timer = setTimeout(flush, waitMs);
    }
  };
  return (...args: A) => {
    const now = Date.now();
    if (now >= windowEndsAt && !timer) {
      windowEndsAt = now + waitMs;
      fn(...args);
      timer = setTimeout(flush, waitMs);
    } else {
      pending = args;
    }
  };
}
