import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";

/** Marks what only exists in demo mode (the demo bank, the demo chain), so nobody mistakes it for a real one. */
export function DemoBox({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <section className="demo-box" aria-label={t`Demo mode`}>
      <p className="demo-box-title">
        <Trans>Demo mode</Trans>
      </p>
      {children}
    </section>
  );
}
