import { Trans } from "@lingui/react/macro";
import { onlineAtom } from "../lib/network.ts";
import { useAtomValue } from "../lib/store.ts";

export function OfflineBanner() {
  const online = useAtomValue(onlineAtom);
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <Trans>
        You are offline. Pages you have opened before still work; betting and money need a connection.
      </Trans>
    </div>
  );
}
