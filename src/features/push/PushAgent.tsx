import { useEffect } from "react";
import { localeAtom } from "../../lib/localeState.ts";
import { appConfigAtom } from "../../lib/site.ts";
import { useAtomValue } from "../../lib/store.ts";
import {
  listenForeground,
  pushPermissionAtom,
  syncPushToken,
  tellWorkerLocale,
  watchPermission,
} from "./push.ts";

/**
 * Push while a member is logged in, loaded after login (never on the first paint): pushes that arrive with the
 * app in view become snackbars, the worker learns the app's language, and with permission granted the device's
 * token is kept registered. Renders nothing; asking for permission is the member's choice (PushCard).
 */
export default function PushAgent({ uuid }: { uuid: string }) {
  const locale = useAtomValue(localeAtom);
  const provider = useAtomValue(appConfigAtom)?.push;
  const permission = useAtomValue(pushPermissionAtom);

  useEffect(() => listenForeground(), []);
  useEffect(() => watchPermission(), []);
  useEffect(() => tellWorkerLocale(locale), [locale]);
  useEffect(() => {
    if (permission !== "granted" || !provider || !uuid || !locale) return;
    // Offline or refused: tried again on the next start, language change or permission change.
    syncPushToken().catch(() => undefined);
  }, [permission, provider, uuid, locale]);
  return null;
}
