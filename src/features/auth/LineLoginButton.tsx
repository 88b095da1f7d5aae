import { lazy, Suspense } from "react";
import { appConfigAtom } from "../../lib/site.ts";
import { useAtomValue } from "../../lib/store.ts";

// The LINE flow's code (and its calls) loads only where the server is configured for LINE login.
const LineLoginAction = lazy(() => import("./LineLoginAction.tsx"));

/** Shown only when the server is configured for LINE login (connecting LINE to an account: LineConnectForm). */
export function LineLoginButton({ afSlug }: { afSlug?: string | undefined }) {
  const config = useAtomValue(appConfigAtom);
  if (!config?.lineLogin) return null;
  return (
    <Suspense fallback={null}>
      <LineLoginAction afSlug={afSlug} />
    </Suspense>
  );
}
