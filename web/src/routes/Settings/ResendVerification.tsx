// A fresh verification link for an account whose email is not yet verified.
import { Button } from "@chakra-ui/react";
import { notify } from "../../components/Toaster";
import { useResendVerificationMutation } from "../../mutations/useResendVerificationMutation";
import { errorMessage } from "../../relay/errors";

export function ResendVerification() {
  const [resend, isInFlight] = useResendVerificationMutation();
  const onClick = () =>
    resend({
      onCompleted: (message) => notify("success", "Verification Sent", message),
      onError: (error) => notify("error", "Verification Not Sent", errorMessage(error, "The link could not be sent")),
    });
  return (
    <Button size="sm" variant="outline" colorPalette="cyan" loading={isInFlight} loadingText="Sending..." onClick={onClick}>
      Resend verification email
    </Button>
  );
}
