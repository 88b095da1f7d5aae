import type { ReactNode } from "react";
import { usePageTitle } from "./usePageTitle.ts";
import "./kit.css";

/**
 * A page of the app (money, lotto, results): its title (also the window's), what leads to the other pages of its
 * section above it (`top`: a PageNav or a Breadcrumb), then its content, in one phone-wide column.
 */
export function Page({ title, top, children }: { title: string; top?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="page narrow">
      {top}
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** Links between the pages of a section, on top of each of them; scrolls sideways on a narrow phone. */
export function PageNav({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav className="page-nav" aria-label={label}>
      {children}
    </nav>
  );
}

/** The way back to the section (a link), and the steps after it. */
export function Breadcrumb({ children }: { children: ReactNode }) {
  return <p className="breadcrumb">{children}</p>;
}
