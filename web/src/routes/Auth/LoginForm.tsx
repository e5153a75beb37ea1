// Login: email and password, then 'Establish Link'; success opens the session and goes home.
import { Input, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { loginSchema, type LoginInput } from "@nomina/shared/accounts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "../../components/FormField";
import { GlowButton } from "../../components/GlowButton";
import { PasswordInput } from "../../components/PasswordInput";
import { notify } from "../../components/Toaster";
import { useLoginMutation } from "../../mutations/useLoginMutation";
import { errorMessage } from "../../relay/errors";
import { startSession } from "../../session";

type Props = { email?: string; onSignedIn: () => void };

export function LoginForm({ email = "", onSignedIn }: Props) {
  // Messages appear at the first submit, then follow the corrections; the first wrong field takes the focus.
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email, password: "" } });
  const { errors } = formState;
  const [login] = useLoginMutation();
  const [pending, setPending] = useState(false);

  const send = (input: LoginInput) => {
    setPending(true);
    login(input, {
      onCompleted: ({ token, user }) => {
        notify("success", "Login Successful", `Welcome back, ${user.name}.`);
        // Settles once the server has said whose the token is; it never rejects.
        void startSession(token).then(onSignedIn);
      },
      onError: (error) => {
        setPending(false);
        notify("error", "Login Failed", errorMessage(error, "The network could not be reached"));
      },
    });
  };

  return (
    <form onSubmit={handleSubmit(send)} noValidate aria-label="Login">
      <Stack gap={5}>
        <FormField label="Email" error={errors.email?.message}>
          <Input {...register("email")} type="email" autoComplete="email" inputMode="email" placeholder="you@domain.net" />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <PasswordInput {...register("password")} autoComplete="current-password" />
        </FormField>
        <GlowButton type="submit" loading={pending} loadingText="Establishing Link..." size="lg">
          Establish Link
        </GlowButton>
      </Stack>
    </form>
  );
}
