import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useLoad } from "../../lib/load.ts";
import { LoadState } from "../../ui/Load.tsx";
import { Breadcrumb, Page } from "../../ui/Page.tsx";
import { numberSetErrorText } from "./messages.ts";
import { fetchNumberSets, NUMBER_SET_MAX } from "./numberSetsApi.ts";
import "./numberSets.css";
import { SetCard } from "./SetCard.tsx";

/** /number-set: the member's number sets: load one into any open round, rename, delete. */
export function NumberSetsPage() {
  const { t } = useLingui();
  const sets = useLoad(fetchNumberSets);
  const count = sets.data?.length ?? 0;
  const max = NUMBER_SET_MAX.sets;
  return (
    <Page
      title={t`My number sets`}
      top={
        <Breadcrumb>
          <Link to="/lotto">
            <Trans>Lotto</Trans>
          </Link>
          {" · "}
          <Link to="/poy">
            <Trans>My slips</Trans>
          </Link>
        </Breadcrumb>
      }
    >
      <p className="form-note">
        <Trans>
          A number set keeps the numbers of a slip. Load it into any open round: it takes that round's rates,
          and each price stays within the round's limits.
        </Trans>
      </p>
      <LoadState loaded={sets} wording={numberSetErrorText} />
      {sets.data && count === 0 ? (
        <p className="form-note">
          <Trans>
            You have no number sets yet. Save one from the slip builder or from a slip in My slips.
          </Trans>{" "}
          <Link to="/lotto">
            <Trans>Choose a lottery</Trans>
          </Link>
        </p>
      ) : null}
      {sets.data && count > 0 ? (
        <p className="form-note">
          <Trans>
            {count} of {max} number sets
          </Trans>
        </p>
      ) : null}
      {sets.data ? (
        <ul className="card-list number-set-list">
          {sets.data.map((set) => (
            <SetCard key={set.id} set={set} onChanged={sets.reload} />
          ))}
        </ul>
      ) : null}
    </Page>
  );
}
