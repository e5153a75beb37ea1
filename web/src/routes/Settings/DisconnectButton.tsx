// 'Disconnect Neural Link': ends the session on the server and here; signing in is needed again.
import { Box, Button, Heading, Text } from "@chakra-ui/react";
import { useNavigate } from "react-router-dom";
import { notify } from "../../components/Toaster";
import { useLogoutMutation } from "../../mutations/useLogoutMutation";

export function DisconnectButton() {
  const [logout, isInFlight] = useLogoutMutation();
  const navigate = useNavigate();
  const disconnect = async () => {
    await logout();
    notify("success", "Logged Out", "The neural link is severed. Sign in to return.");
    await navigate("/auth", { replace: true });
  };
  return (
    <Box borderTopWidth="1px" borderColor="border" pt={6}>
      <Heading as="h2" textStyle="accountHeading">
        Session
      </Heading>
      <Text color="fg.muted" fontSize="sm" mt={1} mb={4}>
        Ends this session. You will need to sign in again.
      </Text>
      <Button colorPalette="red" variant="outline" loading={isInFlight} loadingText="Disconnecting..." onClick={disconnect}>
        Disconnect Neural Link
      </Button>
    </Box>
  );
}
