import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import * as v from "valibot";
import {
  type AccountMessageKey,
  EmailSchema,
  firstIssueKey,
  NameSchema,
  PhoneNumberSchema,
  type ProfileUpdateInput,
  ProfileUpdateSchema,
} from "../../domain/account.ts";
import { ApiError } from "../../lib/api.ts";
import { FormError, TextField } from "../../ui/form.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { refreshUserInfo } from "../auth/accountActions.ts";
import { accountErrorText, accountMessage, fieldMessages } from "../auth/accountMessages.ts";
import { authAtom, type UserInfo } from "../auth/auth.ts";
import { AVATAR_PRESETS, Avatar } from "./Avatar.tsx";
import { updatePhoneNumber, updateProfile } from "./profile.ts";

/** What the server answers when there is nothing to change; shown without calling it. */
const nothingChanged = () => new ApiError(400, "DATA_IS_NULL", "data is null");

type ProfileField = "name" | "email" | "lineId" | "avatar";

function profileFieldOfCode(code: string): ProfileField | null {
  if (code.startsWith("name")) return "name";
  if (code.startsWith("email")) return "email";
  if (code.startsWith("lineId")) return "lineId";
  if (code.startsWith("avatar")) return "avatar";
  return null;
}

/** Only what the member changed, trimmed as the server would store it. */
function changedFields(initial: UserInfo, values: Record<ProfileField, string>): ProfileUpdateInput {
  const changes: ProfileUpdateInput = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const lineId = values.lineId.trim();
  if (name !== (initial.name ?? "").trim()) changes.name = name;
  if (email !== (initial.email ?? "").trim()) changes.email = email;
  if (lineId !== (initial.lineId ?? "").trim()) changes.lineId = lineId;
  if (values.avatar !== (initial.avatar ?? "")) changes.avatar = values.avatar;
  return changes;
}

function ProfileForm({ initial }: { initial: UserInfo }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<ProfileField, string>>({
    name: initial.name ?? "",
    email: initial.email ?? "",
    lineId: initial.lineId ?? "",
    avatar: initial.avatar ?? "",
  });
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: ProfileField) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: event.target.value });

  const validate = (changes: ProfileUpdateInput): Partial<Record<ProfileField, string>> => {
    const found: Partial<Record<ProfileField, AccountMessageKey | null>> = {
      name: changes.name === undefined ? null : firstIssueKey(v.safeParse(NameSchema, changes.name)),
      email: changes.email === undefined ? null : firstIssueKey(v.safeParse(EmailSchema, changes.email)),
      lineId:
        changes.lineId === undefined
          ? null
          : firstIssueKey(v.safeParse(ProfileUpdateSchema.entries.lineId, changes.lineId)),
      avatar:
        changes.avatar === undefined
          ? null
          : firstIssueKey(v.safeParse(ProfileUpdateSchema.entries.avatar, changes.avatar)),
    };
    return fieldMessages(i18n, found);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const changes = changedFields(initial, values);
    const found = validate(changes);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(changes).length === 0) {
      setFormError(accountErrorText(i18n, nothingChanged()));
      return;
    }
    setBusy(true);
    try {
      await updateProfile(changes);
      // The change is saved; a failed refresh only leaves the cached copy a little behind.
      await refreshUserInfo().catch(() => undefined);
      const saved = t`Your profile has been saved.`;
      // After the navigation: the router closes the snackbar when the path changes.
      await navigate({ to: "/profile" });
      showSnackbar({ txt: saved, color: "success" });
    } catch (error) {
      const field = error instanceof ApiError ? profileFieldOfCode(error.code) : null;
      if (field) setErrors({ [field]: accountErrorText(i18n, error) });
      else setFormError(accountErrorText(i18n, error));
    } finally {
      setBusy(false);
    }
  };

  const letterSource = values.name.trim() || initial.userName;
  const hasPicture = !!initial.avatar && !AVATAR_PRESETS.some((preset) => preset.id === initial.avatar);

  return (
    <form onSubmit={submit} noValidate className="form" aria-labelledby="profile-form-title">
      <h2 id="profile-form-title">
        <Trans>Your details</Trans>
      </h2>
      <TextField
        label={t`Name`}
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={set("name")}
        error={errors.name}
        hint={t`2 to 30 characters.`}
      />
      <TextField
        label={t`Email`}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        onChange={set("email")}
        error={errors.email}
      />
      <TextField
        label={t`LINE ID`}
        name="lineId"
        autoCapitalize="none"
        spellCheck={false}
        value={values.lineId}
        onChange={set("lineId")}
        error={errors.lineId}
        hint={t`Leave empty to remove it.`}
      />
      <fieldset
        className={`field avatar-choices ${errors.avatar ? "field-invalid" : ""}`}
        aria-describedby={errors.avatar ? "avatar-error" : undefined}
      >
        <legend>
          <Trans>Avatar</Trans>
        </legend>
        {hasPicture ? (
          <label className="avatar-choice">
            <input
              type="radio"
              name="avatar"
              value={initial.avatar ?? ""}
              checked={values.avatar === initial.avatar}
              onChange={set("avatar")}
            />{" "}
            <Avatar avatar={initial.avatar} name={letterSource} /> <Trans>Keep my current avatar</Trans>
          </label>
        ) : null}
        {AVATAR_PRESETS.map((preset, index) => {
          const number = index + 1;
          return (
            <label key={preset.id} className="avatar-choice">
              <input
                type="radio"
                name="avatar"
                value={preset.id}
                checked={values.avatar === preset.id}
                onChange={set("avatar")}
                aria-label={t`Colour ${number}`}
              />{" "}
              <Avatar avatar={preset.id} name={letterSource} />
            </label>
          );
        })}
        {errors.avatar ? (
          <p id="avatar-error" className="field-error" role="alert">
            {errors.avatar}
          </p>
        ) : null}
      </fieldset>
      <FormError message={formError} />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t`Saving…` : t`Save`}
        </button>
        <Link to="/profile" className="button">
          <Trans>Cancel</Trans>
        </Link>
      </div>
    </form>
  );
}

function PhoneNumberForm({ current }: { current: string }) {
  const { t, i18n } = useLingui();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const result = v.safeParse(PhoneNumberSchema, value);
    if (!result.success) {
      const key = firstIssueKey(result);
      setError(key ? accountMessage(i18n, key) : null);
      return;
    }
    setError(null);
    if (result.output === current) {
      setFormError(accountErrorText(i18n, nothingChanged()));
      return;
    }
    setBusy(true);
    try {
      await updatePhoneNumber(result.output);
      showSnackbar({ txt: t`Your phone number has been updated.`, color: "success" });
      setValue("");
      await refreshUserInfo().catch(() => undefined);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : "";
      if (code.startsWith("phoneNumber") || code === "DATA_IS_NULL") setError(accountErrorText(i18n, error));
      else setFormError(accountErrorText(i18n, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="form" aria-labelledby="phone-form-title">
      <h2 id="phone-form-title">
        <Trans>Phone number</Trans>
      </h2>
      <p className="form-note">
        <Trans>
          Your current number is {current}. It receives the SMS code when you reset your PIN, so keep it up to
          date.
        </Trans>
      </p>
      <TextField
        label={t`New phone number`}
        name="phoneNumber"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error}
        hint={t`A Thai mobile number: 10 digits starting with 06, 08 or 09.`}
      />
      <FormError message={formError} />
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? t`Saving…` : t`Change phone number`}
      </button>
    </form>
  );
}

/** Edit the member's details (users-infos.update) and, separately, their phone number. */
export function EditProfilePage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Edit profile`);
  const { userInfo } = useAtomValue(authAtom);
  // The form starts from fresh details, so "what changed" is measured against what the server holds.
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    refreshUserInfo().then(
      () => {
        if (live) setLoaded(true);
      },
      (error: unknown) => {
        if (!live) return;
        setLoadError(error);
        setLoaded(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="page narrow">
      <h1>
        <Trans>Edit profile</Trans>
      </h1>
      <FormError message={loadError ? accountErrorText(i18n, loadError) : null} />
      {!loaded ? (
        <p role="status">
          <Trans>Loading your profile…</Trans>
        </p>
      ) : userInfo ? (
        <>
          <ProfileForm initial={userInfo} />
          <PhoneNumberForm current={userInfo.phoneNumber} />
        </>
      ) : null}
      <p className="form-footer">
        <Link to="/profile">
          <Trans>Back to my profile</Trans>
        </Link>
      </p>
    </div>
  );
}
