import { type ReactNode, useLayoutEffect, useRef } from "react";

/**
 * A bar that sticks to the bottom of the screen (the slip builder's submit bar). While it is on screen its height
 * is the document's --sticky-bottom-height, which app.css turns into scroll-padding-bottom: a control that gets
 * focus (Tab) or is scrolled to is brought above the bar, never left hidden under it (WCAG 2.4.11).
 */
export function StickyBottomBar({ className, children }: { className?: string; children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty("--sticky-bottom-height", `${element.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty("--sticky-bottom-height");
    };
  }, []);
  return (
    <div ref={bar} className={`sticky-bottom-bar ${className ?? ""}`}>
      {children}
    </div>
  );
}
