import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { authAtom, refreshUserInfo } from "../../lib/auth.ts";
import { useLoad } from "../../lib/load.ts";
import { useAtomValue } from "../../lib/store.ts";
import { FormError } from "../../ui/form.tsx";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { accountErrorText } from "../auth/index.ts";
import { PushSettings } from "../push/index.ts";
import { Avatar } from "./Avatar.tsx";
import { LineConnectForm } from "./LineConnectForm.tsx";
import { SecurityEvents } from "./SecurityEvents.tsx";

/** The member's own details (GET users-infos), with links to edit them and to change the PIN. */
export function ProfilePage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`My profile`);
  // The cached copy is shown at once; the fresh one replaces it when it arrives.
  const { userInfo } = useAtomValue(authAtom);
  const fresh = useLoad(refreshUserInfo);
  const loadError = fresh.error;

  const level = userInfo?.level ?? 0;
  const notSet = (
    <span className="form-note">
      <Trans>Not set</Trans>
    </span>
  );

  return (
    <div className="page narrow">
      <h1>
        <Trans>My profile</Trans>
      </h1>
      <FormError message={loadError ? accountErrorText(i18n, loadError) : null} />
      {userInfo ? (
        <>
          <section className="card profile-summary" aria-label={t`Account`}>
            <Avatar avatar={userInfo.avatar} name={userInfo.name || userInfo.userName} large />
            <div>
              <p className="profile-name">{userInfo.name || userInfo.userName}</p>
              <p className="form-note">
                <Trans>Level {level}</Trans>
              </p>
            </div>
          </section>
          <dl className="profile-details">
            <dt>
              <Trans>Username</Trans>
            </dt>
            <dd>{userInfo.userName}</dd>
            <dt>
              <Trans>Name</Trans>
            </dt>
            <dd>{userInfo.name || notSet}</dd>
            <dt>
              <Trans>Email</Trans>
            </dt>
            <dd>{userInfo.email || notSet}</dd>
            <dt>
              <Trans>Phone number</Trans>
            </dt>
            <dd>{userInfo.phoneNumber || notSet}</dd>
            <dt>
              <Trans>LINE ID</Trans>
            </dt>
            <dd>{userInfo.lineId || notSet}</dd>
          </dl>
          <div className="actions">
            <Link to="/profile/edit" className="button button-primary">
              <Trans>Edit profile</Trans>
            </Link>
            <Link to="/profile/change-pin" className="button">
              <Trans>Change PIN</Trans>
            </Link>
          </div>
          {userInfo.lineUid ? (
            <p className="success-text">
              <Trans>LINE is connected: you can log in with LINE.</Trans>
            </p>
          ) : (
            <LineConnectForm />
          )}
          <PushSettings />
          <SecurityEvents />
        </>
      ) : loadError ? null : (
        <p role="status">
          <Trans>Loading your profile…</Trans>
        </p>
      )}
    </div>
  );
}
