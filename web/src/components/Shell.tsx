// The frame of every screen: the cosmos behind, the brand, the NETWORK_ACTIVE menu, the screen.
import { Box, Flex, Link } from "@chakra-ui/react";
import { Suspense } from "react";
import { Link as RouterLink, Outlet, ScrollRestoration } from "react-router-dom";
import { Constellations } from "./Constellations";
import { NavMenu } from "./NavMenu";
import { RitualLoader } from "./RitualLoader";
import { StarField } from "./StarField";
import { Toaster } from "./Toaster";

export function Shell() {
  return (
    <Box minH="100dvh" position="relative">
      <StarField />
      <Constellations />
      {/* On a phone the header is a bar that stays on top, tall enough to hold the fixed menu
          button: the page scrolls beneath it, so the button never sits over text (item 9b). */}
      <Flex
        as="header"
        position={{ base: "sticky", md: "relative" }}
        top={0}
        zIndex={2}
        minH={{ base: 18, md: "auto" }}
        bg={{ base: "bg", md: "transparent" }}
        borderBottomWidth={{ base: "1px", md: 0 }}
        borderColor="border"
        px={{ base: 4, md: 8 }}
        py={4}
        pe={36}
        align="center"
      >
        <Link asChild textStyle="brand" color="fg" _hover={{ color: "accent" }}>
          <RouterLink to="/">NOMINA</RouterLink>
        </Link>
      </Flex>
      <NavMenu />
      <Box as="main" position="relative" zIndex={1} px={{ base: 4, md: 8 }} pb={16}>
        <Suspense fallback={<RitualLoader label="Summoning the network..." />}>
          <Outlet />
        </Suspense>
      </Box>
      <Toaster />
      <ScrollRestoration />
    </Box>
  );
}
