// /auth: Login and Register (spec 2). Someone already signed in is sent home, and so is
// everyone who has just signed in.
import { Box, Grid, Tabs, chakra } from "@chakra-ui/react";
import { useState } from "react";
import { Navigate, redirect, useNavigate, useSearchParams } from "react-router-dom";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { ScreenTitle } from "../../components/ScreenTitle";
import { useVerificationNotice } from "../../components/useVerificationNotice";
import { useSession, whenSessionKnown } from "../../session";
import { panelRecipe } from "../../theme/recipes";
import { LoginForm } from "./LoginForm";
import { NetworkAreas } from "./NetworkAreas";
import { RegisterForm } from "./RegisterForm";

const Panel = chakra("div", panelRecipe);

export async function loader() {
  const session = await whenSessionKnown();
  return session.status === "signed-in" ? redirect("/") : null;
}

export function Component() {
  const { status } = useSession();
  const navigate = useNavigate();
  // ?tab=register opens the registration (the way to more rituals a day, from a quota's note).
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState(searchParams.get("tab") === "register" ? "register" : "login");
  const [loginEmail, setLoginEmail] = useState("");
  useVerificationNotice();
  const goHome = () => navigate("/", { replace: true });

  if (status === "signed-in") return <Navigate to="/" replace />;
  return (
    <Box maxW="6xl" mx="auto">
      <PageMeta title={withBrand("Link to the Network")} />
      <ScreenTitle eyebrow="NEURAL LINK" title="Link to the Network" subtitle="Sign in to keep your agents, your syntheses and your ritual tier." />
      <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 1.1fr) minmax(0, 1fr)" }} gap={{ base: 8, lg: 12 }} alignItems="start">
        <Panel p={{ base: 5, md: 8 }} boxShadow="glowViolet">
          <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="line" colorPalette="cyan" fitted lazyMount>
            <Tabs.List mb={6}>
              <Tabs.Trigger value="login" textStyle="ritualLabel">
                Login
              </Tabs.Trigger>
              <Tabs.Trigger value="register" textStyle="ritualLabel">
                Register
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="login">
              <LoginForm key={loginEmail} email={loginEmail} onSignedIn={goHome} />
            </Tabs.Content>
            <Tabs.Content value="register">
              <RegisterForm
                onSignedIn={goHome}
                onRegisteredOnly={(email) => {
                  setLoginEmail(email);
                  setTab("login");
                }}
              />
            </Tabs.Content>
          </Tabs.Root>
        </Panel>
        <NetworkAreas />
      </Grid>
    </Box>
  );
}

export { RouteError as ErrorBoundary } from "../../components/RouteError";
