// Register: name, email and password, then 'Initialize Neural Path'. Registration does not
// sign in, so the same credentials sign in at once (docs/DECISIONS.md, #7).
import { Input, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { FormField } from "../../components/FormField";
import { GlowButton } from "../../components/GlowButton";
import { PasswordInput } from "../../components/PasswordInput";
import { notify } from "../../components/Toaster";
import { useCheckedForm } from "../../components/useCheckedForm";
import { useLoginMutation } from "../../mutations/useLoginMutation";
import { useRegisterMutation } from "../../mutations/useRegisterMutation";
import { errorMessage } from "../../relay/errors";
import { startSession } from "../../session";
import { validateRegister } from "../../session/validation";

type Props = {
  onSignedIn: () => void;
  /** The account exists but signing in failed: the login tab takes over with the email. */
  onRegisteredOnly: (email: string) => void;
};

export function RegisterForm({ onSignedIn, onRegisteredOnly }: Props) {
  const form = useCheckedForm({ name: "", email: "", password: "" }, validateRegister);
  const [register] = useRegisterMutation();
  const [login] = useLoginMutation();
  const [pending, setPending] = useState(false);

  const signIn = (email: string, password: string) =>
    login(
      { email, password },
      {
        onCompleted: async ({ token }) => {
          await startSession(token);
          onSignedIn();
        },
        onError: (error) => {
          setPending(false);
          notify("error", "Login Failed", errorMessage(error, "The network could not be reached"));
          onRegisteredOnly(email);
        },
      },
    );

  const send = (values: { name: string; email: string; password: string }) => {
    setPending(true);
    const email = values.email.trim();
    register(
      { name: values.name.trim(), email, password: values.password },
      {
        onCompleted: ({ message }) => {
          notify("success", "Registration Successful", message);
          signIn(email, values.password);
        },
        onError: (error) => {
          setPending(false);
          notify("error", "Registration Failed", errorMessage(error, "The network could not be reached"));
        },
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(send)} noValidate aria-label="Register">
      <Stack gap={5}>
        <FormField label="Name" error={form.errors.name}>
          <Input {...form.field("name")} autoComplete="name" placeholder="The name you answer to" />
        </FormField>
        <FormField label="Email" error={form.errors.email}>
          <Input {...form.field("email")} type="email" autoComplete="email" inputMode="email" placeholder="you@domain.net" />
        </FormField>
        <FormField label="Password" error={form.errors.password}>
          <PasswordInput {...form.field("password")} autoComplete="new-password" placeholder="Min. 8 characters" />
        </FormField>
        <GlowButton type="submit" glow="violet" loading={pending} loadingText="Initializing..." size="lg">
          Initialize Neural Path
        </GlowButton>
      </Stack>
    </form>
  );
}
