import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import * as v from "valibot";
import {
  ForgotPasswordRequestSchema,
  ForgotPasswordResetSchema,
  firstIssueKey,
  PasswordSchema,
  PhoneNumberSchema,
  passwordsMatch,
} from "../../domain/account.ts";
import { authAtom, forgetSession } from "../../lib/auth.ts";
import { useAtomValue } from "../../lib/store.ts";
import { useSubmit } from "../../lib/submit.ts";
import { accountErrorText, fieldMessages } from "./accountMessages.ts";
import { requestPinResetCode, resetPin } from "./forgotPin.ts";

export type RequestField = "userName" | "phoneNumber";
export type ResetField = "otpCode" | "newPassword" | "confirmation";

/** The account named in step 1 (normalised as the server reads it) and the code's reference. */
export interface SentCode {
  userName: string;
  phoneNumber: string;
  refOtpCode: string;
  expiresInSeconds: number;
}

function requestFieldOfCode(code: string): RequestField | null {
  if (code.startsWith("username")) return "userName";
  if (code.startsWith("phoneNumber")) return "phoneNumber";
  return null;
}

function resetFieldOfCode(code: string): ResetField | null {
  if (code === "OTP_INVALID" || code.startsWith("otp")) return "otpCode";
  if (code.startsWith("password")) return "newPassword";
  return null;
}

export type ForgotPinFlow = ReturnType<typeof useForgotPin>;

/**
 * The forgotten-PIN flow's state and steps: username and phone number -> a 6-digit code by SMS -> the code and a new
 * PIN (checked here before sending, then by the server).
 */
export function useForgotPin() {
  const { i18n } = useLingui();
  const auth = useAtomValue(authAtom);
  const [step, setStep] = useState<"request" | "reset" | "done">("request");
  const [sent, setSent] = useState<SentCode | null>(null);
  const [resent, setResent] = useState(false);
  const [request, setRequest] = useState<Record<RequestField, string>>({ userName: "", phoneNumber: "" });
  const [reset, setReset] = useState<Record<ResetField, string>>({
    otpCode: "",
    newPassword: "",
    confirmation: "",
  });
  const requestForm = useSubmit<RequestField>({
    errorText: accountErrorText,
    fieldOf: (error) => requestFieldOfCode(error.code),
  });
  const resetForm = useSubmit<ResetField>({
    errorText: accountErrorText,
    fieldOf: (error) => resetFieldOfCode(error.code),
  });

  /** Asks for a code; on success the page shows step 2 with the new reference. */
  const sendCode = (userName: string, phoneNumber: string, again: boolean) =>
    requestForm.run(
      async () => {
        const result = await requestPinResetCode(userName, phoneNumber);
        setSent({ userName, phoneNumber, ...result });
        setReset({ ...reset, otpCode: "" });
        resetForm.clear();
        setResent(again);
        setStep("reset");
      },
      {
        // Asked again from step 2: its fields are not on screen, so every refusal is the form's.
        failed: (error) => {
          if (!again) return false;
          requestForm.fail({ form: () => accountErrorText(i18n, error) });
          return true;
        },
      },
    );

  const submitRequest = async (event: React.FormEvent) => {
    event.preventDefault();
    const userName = v.safeParse(ForgotPasswordRequestSchema.entries.userName, request.userName);
    const phoneNumber = v.safeParse(PhoneNumberSchema, request.phoneNumber);
    const found = fieldMessages<RequestField>(i18n, {
      userName: firstIssueKey(userName),
      phoneNumber: firstIssueKey(phoneNumber),
    });
    if (!userName.success || !phoneNumber.success) {
      requestForm.fail({ fields: found });
      return;
    }
    await sendCode(userName.output, phoneNumber.output, false);
  };

  const submitReset = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!sent) return;
    const otpCode = v.safeParse(ForgotPasswordResetSchema.entries.otpCode, reset.otpCode);
    const found = fieldMessages<ResetField>(i18n, {
      otpCode: firstIssueKey(otpCode),
      newPassword: firstIssueKey(v.safeParse(PasswordSchema, reset.newPassword)),
      confirmation: passwordsMatch(reset.newPassword, reset.confirmation),
    });
    setResent(false);
    requestForm.clear();
    if (Object.keys(found).length > 0 || !otpCode.success) {
      resetForm.fail({ fields: found });
      return;
    }
    await resetForm.run(async () => {
      await resetPin({
        userName: sent.userName,
        phoneNumber: sent.phoneNumber,
        otpCode: otpCode.output,
        refOtpCode: sent.refOtpCode,
        newPassword: reset.newPassword,
      });
      // The server signed the account out everywhere, this device included.
      if (auth.userInfo?.userName === sent.userName) forgetSession();
      setStep("done");
    });
  };

  return {
    step,
    sent,
    resent,
    request,
    reset,
    requestForm,
    resetForm,
    busy: requestForm.pending || resetForm.pending,
    setRequestField: (field: RequestField) => (event: React.ChangeEvent<HTMLInputElement>) =>
      setRequest({ ...request, [field]: event.target.value }),
    setResetField: (field: ResetField) => (event: React.ChangeEvent<HTMLInputElement>) =>
      setReset({ ...reset, [field]: event.target.value }),
    submitRequest,
    submitReset,
    sendNewCode: () => (sent ? void sendCode(sent.userName, sent.phoneNumber, true) : undefined),
    backToRequest: () => {
      setStep("request");
      requestForm.clear();
      resetForm.clear();
      setResent(false);
    },
  };
}
