import type { ReactNode } from "react";

export type Tone = "ok" | "wait" | "bad" | "off";

/** How a request ended or stands, announced: a title, what it means, and where to go next. */
export function Outcome({
  tone,
  title,
  children,
  actions,
}: {
  tone: Tone;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className={`outcome outcome-${tone}`} role="status">
      <h2>{title}</h2>
      {children}
      {actions ? <div className="actions">{actions}</div> : null}
    </section>
  );
}

/** A short status word in its colour (ok, waiting, refused, over). */
export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
