// Login: email and password, then 'Establish Link'; success opens the session and goes home.
import { Input, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { FormField } from "../../components/FormField";
import { GlowButton } from "../../components/GlowButton";
import { PasswordInput } from "../../components/PasswordInput";
import { notify } from "../../components/Toaster";
import { useCheckedForm } from "../../components/useCheckedForm";
import { useLoginMutation } from "../../mutations/useLoginMutation";
import { errorMessage } from "../../relay/errors";
import { startSession } from "../../session";
import { validateLogin } from "../../session/validation";

type Props = { email?: string; onSignedIn: () => void };

export function LoginForm({ email = "", onSignedIn }: Props) {
  const form = useCheckedForm({ email, password: "" }, validateLogin);
  const [login] = useLoginMutation();
  const [pending, setPending] = useState(false);

  const send = (values: { email: string; password: string }) => {
    setPending(true);
    login(
      { email: values.email.trim(), password: values.password },
      {
        onCompleted: async ({ token, user }) => {
          notify("success", "Login Successful", `Welcome back, ${user.name}.`);
          await startSession(token);
          onSignedIn();
        },
        onError: (error) => {
          setPending(false);
          notify("error", "Login Failed", errorMessage(error, "The network could not be reached"));
        },
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(send)} noValidate aria-label="Login">
      <Stack gap={5}>
        <FormField label="Email" error={form.errors.email}>
          <Input {...form.field("email")} type="email" autoComplete="email" inputMode="email" placeholder="you@domain.net" />
        </FormField>
        <FormField label="Password" error={form.errors.password}>
          <PasswordInput {...form.field("password")} autoComplete="current-password" />
        </FormField>
        <GlowButton type="submit" loading={pending} loadingText="Establishing Link..." size="lg">
          Establish Link
        </GlowButton>
      </Stack>
    </form>
  );
}
