// Inputs of invitations and password resets, shared by the forms (zodResolver) and the actions.
import { z } from "zod";
import { checkMultiline, normalizeLineBreaks } from "@/lib/input-fields";
import { createUserInput, emailInput as email, passwordSchema } from "@/modules/users/user-schemas";

/** A mailed token: 43 characters of base64url (32 random bytes). */
export const tokenInput = z
  .string({ error: "This link is not valid." })
  .regex(/^[A-Za-z0-9_-]{43}$/, "This link is not valid.");

/** The fields of "New user" without the first password: the invitee chooses it. */
export const inviteUserInput = createUserInput.pick({ name: true, email: true, role: true });
export type InviteUserInput = z.input<typeof inviteUserInput>;

export const invitationTargetInput = z.object({ userId: z.uuid() });

const choosePassword = {
  token: tokenInput,
  password: passwordSchema,
  confirmPassword: z.string(),
};
const sameTwice = (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword;
const differ = { path: ["confirmPassword"], message: "The two passwords differ." };

export const acceptInvitationInput = z.object(choosePassword).refine(sameTwice, differ);
export type AcceptInvitationInput = z.input<typeof acceptInvitationInput>;

export const requestPasswordResetInput = z.object({ email });
export type RequestPasswordResetInput = z.input<typeof requestPasswordResetInput>;

export const resetPasswordWithTokenInput = z.object(choosePassword).refine(sameTwice, differ);
export type ResetPasswordWithTokenInput = z.input<typeof resetPasswordWithTokenInput>;

/** A code of the authenticator app (6 digits) or a recovery code ("abcde-fghij"). */
export const secondFactorInput = z.object({
  code: z
    .string({ error: "Enter the code." })
    .trim()
    .min(1, "Enter the code.")
    .max(32, "Enter the 6-digit code or a recovery code.")
    .regex(/^[A-Za-z0-9 -]+$/, "Enter the 6-digit code or a recovery code."),
});
export type SecondFactorInput = z.input<typeof secondFactorInput>;

/** Only the authenticator's 6 digits (setting it up proves the app reads the secret). */
export const totpCodeInput = z.object({
  code: z
    .string({ error: "Enter the 6-digit code." })
    .trim()
    .transform((value) => value.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code your app shows.")),
});
export type TotpCodeInput = z.input<typeof totpCodeInput>;

export const twoFactorPolicyInput = z.object({ required: z.boolean({ error: "Choose yes or no." }) });
export type TwoFactorPolicyInput = z.input<typeof twoFactorPolicyInput>;

export const sessionTargetInput = z.object({ id: z.uuid({ error: "This session does not exist." }) });

export const requestEmailChangeInput = z.object({
  newEmail: email,
  currentPassword: z.string({ error: "Enter your current password." }).min(1, "Enter your current password.").max(128),
});
export type RequestEmailChangeInput = z.input<typeof requestEmailChangeInput>;

export const confirmEmailChangeInput = z.object({ token: tokenInput });

export const ADMIN_TWO_FACTOR_REASON_MAX = 500;

/**
 * An administrator turns off someone's two-factor sign-in (they lost their phone and their
 * recovery codes); the reason, optional, is kept in the audit log.
 */
export const turnOffUserTwoFactorInput = z.object({
  userId: z.uuid({ error: "This user does not exist." }),
  reason: z
    .string()
    .overwrite(normalizeLineBreaks)
    .trim()
    .max(ADMIN_TWO_FACTOR_REASON_MAX, `Use at most ${ADMIN_TWO_FACTOR_REASON_MAX} characters.`)
    .superRefine(checkMultiline)
    .nullish()
    .transform((value) => value || null),
});
export type TurnOffUserTwoFactorInput = z.input<typeof turnOffUserTwoFactorInput>;
