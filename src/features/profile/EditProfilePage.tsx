import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import * as v from "valibot";
import {
  type AccountMessageKey,
  EmailSchema,
  firstIssueKey,
  NameSchema,
  type ProfileUpdateInput,
  ProfileUpdateSchema,
} from "../../domain/account.ts";
import { authAtom, refreshUserInfo, type UserInfo } from "../../lib/auth.ts";
import { useLoad } from "../../lib/load.ts";
import { useAtomValue } from "../../lib/store.ts";
import { useSubmit } from "../../lib/submit.ts";
import { FormError, PasswordField, TextField } from "../../ui/form.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { accountErrorText, fieldMessages, isConfirmPinError } from "../auth/index.ts";
import { AVATAR_PRESETS, Avatar } from "./Avatar.tsx";
import { nothingChanged, PhoneNumberForm, pinMissing } from "./PhoneNumberForm.tsx";
import { updateProfile } from "./profile.ts";

type DetailField = "name" | "email" | "lineId" | "avatar";
/** The details, and the PIN that confirms a new name. */
type ProfileField = DetailField | "pin";

function profileFieldOfCode(code: string): ProfileField | null {
  if (code === "PIN_REQUIRED" || code === "PIN_WRONG") return "pin";
  if (code.startsWith("name") || code === "NAME_FROZEN") return "name";
  if (code.startsWith("email")) return "email";
  if (code.startsWith("lineId")) return "lineId";
  if (code.startsWith("avatar")) return "avatar";
  return null;
}

/** Only what the member changed, trimmed as the server would store it. */
function changedFields(initial: UserInfo, values: Record<DetailField, string>): ProfileUpdateInput {
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
  const [values, setValues] = useState<Record<DetailField, string>>({
    name: initial.name ?? "",
    email: initial.email ?? "",
    lineId: initial.lineId ?? "",
    avatar: initial.avatar ?? "",
  });
  const form = useSubmit<ProfileField>({
    errorText: accountErrorText,
    fieldOf: (error) => profileFieldOfCode(error.code),
  });
  // The name is what withdrawals are checked against, so a new one is confirmed with the PIN.
  const [pin, setPin] = useState("");
  const renaming = values.name.trim() !== (initial.name ?? "").trim();

  const set = (field: DetailField) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: event.target.value });

  const validate = (changes: ProfileUpdateInput) => {
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
    if (Object.keys(found).length > 0) {
      form.fail({ fields: found });
      return;
    }
    if (Object.keys(changes).length === 0) {
      form.fail({ form: () => accountErrorText(i18n, nothingChanged()) });
      return;
    }
    if (changes.name !== undefined && !pin) {
      form.fail({ fields: { pin: () => accountErrorText(i18n, pinMissing()) } });
      return;
    }
    await form.run(
      async () => {
        await updateProfile(changes, changes.name !== undefined ? pin : undefined);
        // The change is saved; a failed refresh only leaves the cached copy a little behind.
        await refreshUserInfo().catch(() => undefined);
        const saved = t`Your profile has been saved.`;
        // After the navigation: the router closes the snackbar when the path changes.
        await navigate({ to: "/profile" });
        showSnackbar({ txt: saved, color: "success" });
      },
      {
        failed: (error) => {
          if (isConfirmPinError(error)) setPin("");
          return false;
        },
      },
    );
  };

  const avatarError = form.fieldError("avatar");
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
        error={form.fieldError("name")}
        hint={t`2 to 30 characters, exactly as on your bank account. It cannot be changed once a bank account is verified.`}
      />
      {renaming ? (
        <PasswordField
          label={t`Your PIN`}
          name="pin"
          autoComplete="current-password"
          value={pin}
          onChange={(e) => setPin(e.target.value)}
          error={form.fieldError("pin")}
          hint={t`Changing your name needs your PIN.`}
        />
      ) : null}
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
        error={form.fieldError("email")}
      />
      <TextField
        label={t`LINE ID`}
        name="lineId"
        autoCapitalize="none"
        spellCheck={false}
        value={values.lineId}
        onChange={set("lineId")}
        error={form.fieldError("lineId")}
        hint={t`Leave empty to remove it.`}
      />
      <fieldset
        className={`field avatar-choices ${avatarError ? "field-invalid" : ""}`}
        aria-describedby={avatarError ? "avatar-error" : undefined}
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
        {avatarError ? (
          <p id="avatar-error" className="field-error" role="alert">
            {avatarError}
          </p>
        ) : null}
      </fieldset>
      <FormError message={form.error?.() ?? null} />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={form.pending}>
          {form.pending ? t`Saving…` : t`Save`}
        </button>
        <Link to="/profile" className="button">
          <Trans>Cancel</Trans>
        </Link>
      </div>
    </form>
  );
}

/** Edit the member's details (users-infos.update) and, separately, their phone number. */
export function EditProfilePage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Edit profile`);
  const { userInfo } = useAtomValue(authAtom);
  // The form starts from fresh details, so "what changed" is measured against what the server holds.
  const fresh = useLoad(refreshUserInfo);
  const loaded = !fresh.loading;
  const loadError = fresh.error;

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
