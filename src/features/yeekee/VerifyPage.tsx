import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { ApiError } from "../../lib/api.ts";
import { yeekeeErrorText } from "./messages.ts";
import { canHash } from "./verify.ts";
import { fetchPublication, fetchRound, type Publication } from "./yeekeeApi.ts";
import "./yeekee.css";
import { isFamily } from "../../domain/lotto/index.ts";
import { useLoad } from "../../lib/load.ts";
import { LoadState } from "../../ui/Load.tsx";
import { Outcome } from "../../ui/Outcome.tsx";
import { Page } from "../../ui/Page.tsx";
import { FAMILY_TEXT, roundName } from "../lotto/index.ts";
import { ExternalResult, PingpongVerify } from "./VerifyPingpong.tsx";
import { YeekeeVerify } from "./VerifyYeekee.tsx";
import { RECHECK_MS } from "./verifyHooks.ts";

/** /results/verify/$betId (public): recomputes a yeekee or ping-pong result in the browser from what was published. */
export function VerifyPage({ betId }: { betId: string }) {
  const { t, i18n } = useLingui();
  const publication = useLoad(() => fetchPublication(betId), [betId]);
  const round = useLoad(() => fetchRound(betId), [betId]);
  const notYet = publication.error instanceof ApiError && publication.error.code === "NOT_YET_PUBLISHED";
  const { reload } = publication;

  useEffect(() => {
    if (!notYet) return;
    const timer = setInterval(() => void reload(), RECHECK_MS);
    return () => clearInterval(timer);
  }, [notYet, reload]);

  const data = publication.data;
  const family = data?.betGroup ?? round.data?.betGroup;
  const name = round.data
    ? roundName(i18n, round.data)
    : family && isFamily(family)
      ? i18n._(FAMILY_TEXT[family])
      : null;
  return (
    <Page title={t`Check a result`}>
      {name ? (
        <p className="lead ying-verify-round">
          {name}
          {data?.betType ? <span className="form-note"> · {data.betType}</span> : null}
        </p>
      ) : null}
      {!canHash() ? (
        <p className="form-error" role="alert">
          <Trans>
            This browser cannot compute SHA-256 on this page (it needs a secure https address), so the checks
            cannot run here.
          </Trans>
        </p>
      ) : null}
      {notYet ? (
        <Outcome tone="wait" title={<Trans>Not published yet</Trans>}>
          <p>
            <Trans>
              While shooting is open the numbers are sealed. The full list of shots is published when the
              round is drawn, just after shooting closes (2 minutes after betting closes). This page checks
              again by itself.
            </Trans>
          </p>
        </Outcome>
      ) : publication.error ? (
        <p className="form-error" role="alert">
          {yeekeeErrorText(i18n, publication.error)}
        </p>
      ) : (
        <LoadState loaded={{ ...publication, error: null }} />
      )}
      {data && canHash() ? <Published key={betId} publication={data} onRecheck={reload} /> : null}
    </Page>
  );
}

function Published({ publication, onRecheck }: { publication: Publication; onRecheck: () => Promise<void> }) {
  if (publication.kind === "yeekee") return <YeekeeVerify publication={publication} onRecheck={onRecheck} />;
  if (publication.kind === "pingpong")
    return <PingpongVerify publication={publication} onRecheck={onRecheck} />;
  return <ExternalResult publication={publication} />;
}
