// Register: name, email and password, then 'Initialize Neural Path'. Registration does not
// sign in, so the same credentials sign in at once (docs/DECISIONS.md, #7).
import { Input, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { registerSchema, type RegisterInput } from "@nomina/shared/accounts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "../../components/FormField";
import { GlowButton } from "../../components/GlowButton";
import { PasswordInput } from "../../components/PasswordInput";
import { notify } from "../../components/Toaster";
import { useLoginMutation } from "../../mutations/useLoginMutation";
import { useRegisterMutation } from "../../mutations/useRegisterMutation";
import { errorMessage } from "../../relay/errors";
import { startSession } from "../../session";

type Props = {
  onSignedIn: () => void;
  /** The account exists but signing in failed: the login tab takes over with the email. */
  onRegisteredOnly: (email: string) => void;
};

export function RegisterForm({ onSignedIn, onRegisteredOnly }: Props) {
  // Messages appear at the first submit, then follow the corrections; the first wrong field takes the focus.
  const { register: field, handleSubmit, formState } = useForm({ resolver: zodResolver(registerSchema), defaultValues: { name: "", email: "", password: "" } });
  const { errors } = formState;
  const [register] = useRegisterMutation();
  const [login] = useLoginMutation();
  const [pending, setPending] = useState(false);

  const signIn = (email: string, password: string) =>
    login(
      { email, password },
      {
        onCompleted: ({ token }) => {
          // Settles once the server has said whose the token is; it never rejects.
          void startSession(token).then(onSignedIn);
        },
        onError: (error) => {
          setPending(false);
          notify("error", "Login Failed", errorMessage(error, "The network could not be reached"));
          onRegisteredOnly(email);
        },
      },
    );

  const send = (input: RegisterInput) => {
    setPending(true);
    register(input, {
      onCompleted: ({ message }) => {
        notify("success", "Registration Successful", message);
        signIn(input.email, input.password);
      },
      onError: (error) => {
        setPending(false);
        notify("error", "Registration Failed", errorMessage(error, "The network could not be reached"));
      },
    });
  };

  return (
    <form onSubmit={handleSubmit(send)} noValidate aria-label="Register">
      <Stack gap={5}>
        <FormField label="Name" error={errors.name?.message}>
          <Input {...field("name")} autoComplete="name" placeholder="The name you answer to" />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input {...field("email")} type="email" autoComplete="email" inputMode="email" placeholder="you@domain.net" />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <PasswordInput {...field("password")} autoComplete="new-password" placeholder="Min. 8 characters" />
        </FormField>
        <GlowButton type="submit" glow="violet" loading={pending} loadingText="Initializing..." size="lg">
          Initialize Neural Path
        </GlowButton>
      </Stack>
    </form>
  );
}
