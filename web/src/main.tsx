import "@fontsource-variable/inter";
import "@fontsource-variable/cinzel";
import "@fontsource/jetbrains-mono/400.css";
import { ChakraProvider } from "@chakra-ui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { CurrentEnvironmentProvider } from "./relay/CurrentEnvironmentProvider";
import { router } from "./router";
import { system } from "./theme";

document.documentElement.classList.add("dark");
document.documentElement.style.colorScheme = "dark";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <CurrentEnvironmentProvider>
        <RouterProvider router={router} />
      </CurrentEnvironmentProvider>
    </ChakraProvider>
  </StrictMode>,
);
