// Change password: the current one, a new one of 8 or more; the form empties on success.
import { Heading, Stack, chakra } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { changePasswordSchema, type ChangePasswordInput } from "@nomina/shared/accounts";
import { useForm } from "react-hook-form";
import { FormField } from "../../components/FormField";
import { GlowButton } from "../../components/GlowButton";
import { PasswordInput } from "../../components/PasswordInput";
import { notify } from "../../components/Toaster";
import { useChangePasswordMutation } from "../../mutations/useChangePasswordMutation";
import { errorMessage } from "../../relay/errors";

export function ChangePasswordForm({ email }: { email: string }) {
  // Messages appear at the first submit, then follow the corrections; the first wrong field takes the focus.
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const { errors } = formState;
  const [changePassword, isInFlight] = useChangePasswordMutation();

  const send = (input: ChangePasswordInput) =>
    changePassword(input, {
      onCompleted: () => {
        reset();
        notify("success", "Password Changed", "Your password has been updated successfully.");
      },
      onError: (error) => notify("error", "Password Change Failed", errorMessage(error, "The password could not be changed")),
    });

  return (
    <form onSubmit={handleSubmit(send)} noValidate aria-labelledby="change-password-heading">
      <Stack gap={5} maxW="md">
        <Heading as="h2" id="change-password-heading" textStyle="accountHeading">
          Change Password
        </Heading>
        {/* Lets a password manager file the new password under the right account. */}
        <chakra.input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField label="Current password" error={errors.currentPassword?.message}>
          <PasswordInput {...register("currentPassword")} autoComplete="current-password" />
        </FormField>
        <FormField label="New password" error={errors.newPassword?.message}>
          <PasswordInput {...register("newPassword")} autoComplete="new-password" placeholder="New password (min. 8 characters)" />
        </FormField>
        <GlowButton type="submit" loading={isInFlight} loadingText="Updating..." alignSelf="flex-start">
          Update Password
        </GlowButton>
      </Stack>
    </form>
  );
}
