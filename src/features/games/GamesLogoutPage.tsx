import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { authAtom } from "../../lib/auth.ts";
import { useAtomValue } from "../../lib/store.ts";
import { useSubmit } from "../../lib/submit.ts";
import { FormError } from "../../ui/form.tsx";
import { Loading } from "../../ui/Load.tsx";
import { Outcome } from "../../ui/Outcome.tsx";
import { Page } from "../../ui/Page.tsx";
import { closeGameSessions } from "./gamesApi.ts";
import { gamesErrorText } from "./messages.ts";

/** `/game/logout`: closes the member's open game sessions (no more bets on them) and says so. */
export function GamesLogoutPage() {
  const { t } = useLingui();
  const { session } = useAtomValue(authAtom);
  const closing = useSubmit({ errorText: gamesErrorText });
  const [closed, setClosed] = useState<number | null>(null);
  const started = useRef(false);

  const close = () =>
    closing.run(async () => {
      setClosed(await closeGameSessions());
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes once, when the page opens for a member
  useEffect(() => {
    if (session === null || started.current) return;
    started.current = true;
    void close();
  }, [session]);

  const back = (
    <Link to="/games" className="button button-primary">
      <Trans>Back to the games</Trans>
    </Link>
  );

  return (
    <Page title={t`Leave the games`}>
      {session === null ? (
        <Outcome tone="off" title={<Trans>No game is open</Trans>} actions={back}>
          <p>
            <Trans>You are not logged in, so no game session is open on this device.</Trans>
          </p>
        </Outcome>
      ) : closed !== null ? (
        <Outcome tone="ok" title={<Trans>Your game sessions are closed</Trans>} actions={back}>
          <p>
            <Trans>
              Games you had open take no more bets. Wins of rounds already played are still paid to your
              balance.
            </Trans>
          </p>
        </Outcome>
      ) : (
        <>
          {closing.pending ? <Loading /> : null}
          <FormError message={closing.error?.() ?? null} />
          {closing.error ? (
            <button type="button" className="button button-primary" onClick={() => void close()}>
              <Trans>Try again</Trans>
            </button>
          ) : null}
        </>
      )}
    </Page>
  );
}
