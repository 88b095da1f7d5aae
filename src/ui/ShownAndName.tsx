import type { ReactNode } from "react";

/**
 * A control's content when its name says more than it shows ("Copy" named "Copy account number 000-0-00000-1"):
 * the shown words for the eye, the whole name as hidden text. The control is then named by its content, not by
 * aria-label, so the name contains what is shown in every language (WCAG 2.5.3, label in name). In Thai the shown
 * word runs into the next one with no space ("คัดลอกเลขบัญชี"), which axe's label-content-name-mismatch refuses as an
 * aria-label. Write `name` so it starts with (or contains) the shown words.
 */
export function ShownAndName({ shown, name }: { shown: ReactNode; name: string }) {
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{name}</span>
    </>
  );
}
