import { type ReactNode, useEffect, useRef } from "react";

export type Tone = "ok" | "wait" | "bad" | "off";

/**
 * How a request ended or stands, announced: a title, what it means, and where to go next. With `focus` (an outcome
 * that replaces the form the player just sent, so the control that had focus is gone) its title takes the focus
 * when it shows, instead of focus falling back to <body>.
 */
export function Outcome({
  tone,
  title,
  children,
  actions,
  focus = false,
}: {
  tone: Tone;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  focus?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section className={`outcome outcome-${tone}`} role="status">
      <h2 ref={heading} tabIndex={focus ? -1 : undefined}>
        {title}
      </h2>
      {children}
      {actions ? <div className="actions">{actions}</div> : null}
    </section>
  );
}

/** A short status word in its colour (ok, waiting, refused, over). */
export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
