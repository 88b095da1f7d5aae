import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "../lib/store.ts";
import { userStoreLoadingAtom } from "./layout.ts";

export function WaitingOverlay() {
  const { t } = useLingui();
  const loading = useAtomValue(userStoreLoadingAtom);
  if (!loading) return null;
  return (
    <div className="waiting-overlay" role="alert" aria-busy="true" aria-label={t`Please wait`}>
      <div className="spinner" />
    </div>
  );
}
