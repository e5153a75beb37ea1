// The console's door: a curator's email and password (curatorLogin). The session it opens is the
// console's alone (curator/token.ts); a user signed in to the app stays signed in as they were.
import { Input, Stack, chakra } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { loginSchema, type LoginInput } from "@nomina/shared/accounts";
import { useForm } from "react-hook-form";
import { FormField } from "../../components/FormField";
import { GlowButton } from "../../components/GlowButton";
import { PasswordInput } from "../../components/PasswordInput";
import { notify } from "../../components/Toaster";
import { writeCuratorToken } from "../../curator/token";
import { useCuratorLoginMutation } from "../../mutations/useCuratorLoginMutation";
import { errorMessage } from "../../relay/errors";
import { panelRecipe } from "../../theme/recipes";

const Panel = chakra("section", panelRecipe);

export function CuratorSignIn() {
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });
  const { errors } = formState;
  const [login, pending] = useCuratorLoginMutation();

  const send = (input: LoginInput) =>
    login(input, {
      onCompleted: ({ token, curator }) => {
        notify("success", "Login Successful", `The console opens to ${curator.name}.`);
        writeCuratorToken(token);
      },
      onError: (error) => notify("error", "Login Failed", errorMessage(error, "The network could not be reached")),
    });

  return (
    <Panel p={{ base: 5, md: 8 }} maxW="md" mx="auto">
      <form onSubmit={handleSubmit(send)} noValidate aria-label="Curator sign-in">
        <Stack gap={5}>
          <FormField label="Email" error={errors.email?.message}>
            <Input {...register("email")} type="email" autoComplete="username" inputMode="email" placeholder="keeper@domain.net" />
          </FormField>
          <FormField label="Password" error={errors.password?.message}>
            <PasswordInput {...register("password")} autoComplete="current-password" />
          </FormField>
          <GlowButton type="submit" loading={pending} loadingText="Opening the console..." size="lg">
            Open the console
          </GlowButton>
        </Stack>
      </form>
    </Panel>
  );
}
