// The floating top-right menu (spec 2): a panel titled NETWORK_ACTIVE listing the network's
// places, the current one highlighted; it closes on selection, on Escape and on a click
// outside, and its footer cursor blinks every 800 ms (spec 9).
import { Box, Flex, Link, Text, chakra } from "@chakra-ui/react";
import { Suspense, lazy, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { extraMenu, menuEntries, paths } from "@nomina/shared/paths";
import { readCuratorToken, subscribeCuratorToken } from "../curator/token";
import { overlayRecipe } from "../theme/recipes";
import { Fallback } from "./PanelBoundary";

/** The curators' console, listed for a browser where a curator is signed in to it. */
const CURATOR_ENTRY = { label: "Curator console", path: paths.curator } as const;

const Button = chakra("button", overlayRecipe);
const Panel = chakra("nav", overlayRecipe);

// The account link reads the session (Relay): it loads when the panel first opens, so pages
// that never open the menu never download Relay for it.
const SessionLink = lazy(() => import("./SessionLink").then((module) => ({ default: module.SessionLink })));
// The notifications bell beside the menu button reads the graph (the unread count, live): its own chunk too.
const NotificationBell = lazy(() => import("./NotificationBell").then((module) => ({ default: module.NotificationBell })));

export function NavMenu() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const curator = useSyncExternalStore(
    subscribeCuratorToken,
    () => readCuratorToken() !== null,
    () => false,
  );
  const panelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const links = panel.current;
    (links?.querySelector<HTMLElement>("a[aria-current=page]") ?? links?.querySelector<HTMLElement>("a"))?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      trigger.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <Box position="fixed" top={3} right={{ base: 3, md: 6 }} zIndex="overlay">
      <Flex gap={2} justify="flex-end">
        {/* The bell's code loads apart; if it cannot, the menu stands alone. */}
        <Fallback fallback={null}>
          <Suspense fallback={<Box w={12} h={12} aria-hidden />}>
            <NotificationBell />
          </Suspense>
        </Fallback>
        <Button
          ref={trigger}
          type="button"
          aria-label={open ? "Close the network menu" : "Open the network menu"}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          round
          glow="cyan"
          ms="auto"
          color="accent"
          cursor="pointer"
        >
          <MenuIcon open={open} />
        </Button>
      </Flex>
      {open && (
        <Panel
          ref={panel}
          id={panelId}
          aria-label="Network"
          mt={3}
          w="72"
          maxW="calc(100vw - 24px)"
          borderRadius="xl"
          backdropFilter="blur(10px)"
          textStyle="terminal"
          overflow="hidden"
        >
          <Flex align="center" gap={2} px={4} py={3} borderBottomWidth="1px" borderColor="border">
            <Box w={2} h={2} borderRadius="full" bg="glow.green" boxShadow="0 0 8px {colors.glow.green}" aria-hidden />
            <Text as="h2" textStyle="terminalLabel" color="glow.green">
              NETWORK_ACTIVE
            </Text>
          </Flex>
          <MenuList entries={menuEntries} pathname={pathname} onNavigate={() => setOpen(false)} />
          <MenuList
            entries={curator ? [...extraMenu, CURATOR_ENTRY] : extraMenu}
            pathname={pathname}
            onNavigate={() => setOpen(false)}
            label="More of the network"
          />
          <Flex px={4} py={2} minH={9} align="center" borderTopWidth="1px" borderColor="border">
            <Suspense fallback={null}>
              <SessionLink onNavigate={() => setOpen(false)} />
            </Suspense>
          </Flex>
          <Text px={4} py={3} borderTopWidth="1px" borderColor="border" fontSize="xs" color="fg.subtle">
            &gt; awaiting_input
            <chakra.span
              data-testid="menu-cursor"
              display="inline-block"
              w="0.6em"
              h="1em"
              ms={1}
              bg="accent"
              verticalAlign="text-bottom"
              animation="blink"
              aria-hidden
            />
          </Text>
        </Panel>
      )}
    </Box>
  );
}

type Entry = { label: string; path: string };

/** One group of the menu's links; the second group is set apart by a rule and a quieter label. */
function MenuList({ entries, pathname, onNavigate, label }: { entries: readonly Entry[]; pathname: string; onNavigate: () => void; label?: string }) {
  const here = pathname === paths.councilTerminal ? paths.council : pathname;
  return (
    <chakra.ul listStyle="none" py={2} aria-label={label} borderTopWidth={label ? "1px" : undefined} borderColor="border">
      {entries.map((entry) => {
        const current = entry.path === here;
        return (
          <li key={entry.path}>
            <Link
              asChild
              display="flex"
              px={4}
              py={label ? 1.5 : 2}
              fontSize={label ? "xs" : "sm"}
              color={current ? "accent" : "fg.muted"}
              bg={current ? "bg.current" : undefined}
              borderInlineStartWidth="2px"
              borderColor={current ? "accent" : "transparent"}
              textDecoration="none"
              _hover={{ color: "fg", bg: "bg.menuHover" }}
              _focusVisible={{ outlineOffset: "-2px" }}
            >
              <RouterLink to={entry.path} aria-current={current ? "page" : undefined} onClick={onNavigate}>
                <chakra.span aria-hidden color="accent.violet" me={2}>
                  {current ? "▸" : "·"}
                </chakra.span>
                {entry.label}
              </RouterLink>
            </Link>
          </li>
        );
      })}
    </chakra.ul>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden>
      {open ? (
        <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
      ) : (
        <>
          <circle cx="12" cy="12" r="3" />
          <path d="M12 2v4M12 18v4M2 12h4M18 12h4M4.9 4.9l2.8 2.8M16.3 16.3l2.8 2.8M4.9 19.1l2.8-2.8M16.3 7.7l2.8-2.8" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}
