// First: zod must be jitless before any module builds a schema, or its eval probe trips the
// content security policy (@nomina/shared/jitless).
import "@nomina/shared/jitless";
import "@fontsource-variable/inter";
import "@fontsource-variable/cinzel";
import "@fontsource/jetbrains-mono/400.css";
import { ChakraProvider } from "@chakra-ui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { noteWrittenMeta } from "./components/PageMeta";
import { router } from "./router";
import { system } from "./theme";

// Dark is the product; an embed may switch its own frame to light (routes/Embed).
document.documentElement.classList.add("dark");
document.documentElement.style.colorScheme = "dark";
// Each screen renders its own title, description and Open Graph tags (components/PageMeta.tsx).
noteWrittenMeta();

// The Relay environment is provided per screen (relay/routes.ts), so pages without graph data
// never download Relay.
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>
  </StrictMode>,
);
