// Change password: the current one, a new one of 8 or more; the form empties on success.
import { Heading, Stack, chakra } from "@chakra-ui/react";
import { FormField } from "../../components/FormField";
import { GlowButton } from "../../components/GlowButton";
import { PasswordInput } from "../../components/PasswordInput";
import { notify } from "../../components/Toaster";
import { useCheckedForm } from "../../components/useCheckedForm";
import { useChangePasswordMutation } from "../../mutations/useChangePasswordMutation";
import { errorMessage } from "../../relay/errors";
import { validateChangePassword } from "../../session/validation";

export function ChangePasswordForm({ email }: { email: string }) {
  const form = useCheckedForm({ currentPassword: "", newPassword: "" }, validateChangePassword);
  const [changePassword, isInFlight] = useChangePasswordMutation();

  const send = (values: { currentPassword: string; newPassword: string }) =>
    changePassword(values, {
      onCompleted: () => {
        form.reset();
        notify("success", "Password Changed", "Your password has been updated successfully.");
      },
      onError: (error) => notify("error", "Password Change Failed", errorMessage(error, "The password could not be changed")),
    });

  return (
    <form onSubmit={form.onSubmit(send)} noValidate aria-labelledby="change-password-heading">
      <Stack gap={5} maxW="md">
        <Heading as="h2" id="change-password-heading" fontFamily="heading" fontSize="md" letterSpacing="0.12em">
          Change Password
        </Heading>
        {/* Lets a password manager file the new password under the right account. */}
        <chakra.input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField label="Current password" error={form.errors.currentPassword}>
          <PasswordInput {...form.field("currentPassword")} autoComplete="current-password" />
        </FormField>
        <FormField label="New password" error={form.errors.newPassword}>
          <PasswordInput {...form.field("newPassword")} autoComplete="new-password" placeholder="New password (min. 8 characters)" />
        </FormField>
        <GlowButton type="submit" loading={isInFlight} loadingText="Updating..." alignSelf="flex-start">
          Update Password
        </GlowButton>
      </Stack>
    </form>
  );
}
