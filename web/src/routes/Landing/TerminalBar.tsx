// The fixed bottom terminal (spec 2): a click opens it, Escape closes it, Enter runs a command;
// each command is echoed with its response in the log.
import { Box, Flex, Text, chakra } from "@chakra-ui/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router-dom";
import { REDIRECT_DELAY_MS, runCommand } from "./terminal-commands";

type Entry = { id: number; command: string; response: string };

const Bar = chakra("button");

export function TerminalBar() {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState("");
  const [log, setLog] = useState<Entry[]>([]);
  const navigate = useNavigate();
  const field = useRef<HTMLInputElement>(null);
  const logEnd = useRef<HTMLDivElement>(null);
  const redirect = useRef<number | undefined>(undefined);
  // Where focus was before the terminal opened (a click on the bar moves it to the bar first),
  // and the bar itself: Escape gives focus back, to the first if it is still there.
  const returnTo = useRef<HTMLElement | null>(null);
  const bar = useRef<HTMLButtonElement>(null);
  const restoreFocus = useRef(false);

  useEffect(() => {
    if (open || !restoreFocus.current) return;
    restoreFocus.current = false;
    const before = returnTo.current;
    (before?.isConnected && before !== document.body ? before : bar.current)?.focus();
  }, [open]);
  const remember = () => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };

  useEffect(() => () => window.clearTimeout(redirect.current), []);
  // Toasts keep clear of the bar (components/ToasterView.tsx): its height, while it is on screen.
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty("--nm-bottom-bar", `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty("--nm-bottom-bar");
    };
  }, []);
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);
  // Effects return nothing or a cleanup: scrollIntoView returns a promise in newer browsers,
  // which React would call as a cleanup on the next command.
  useEffect(() => {
    logEnd.current?.scrollIntoView({ block: "nearest" });
  }, [log]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") {
      restoreFocus.current = true;
      setOpen(false);
      return;
    }
    if (event.key !== "Enter") return;
    const outcome = runCommand(input);
    if (!outcome) return;
    setLog((entries) => [...entries, { id: entries.length, command: input.trim(), response: outcome.response }]);
    setInput("");
    if (outcome.redirect) {
      const to = outcome.redirect;
      window.clearTimeout(redirect.current);
      redirect.current = window.setTimeout(() => void navigate(to), REDIRECT_DELAY_MS);
    }
  };

  return (
    <Box ref={frame} position="fixed" insetX={0} bottom={0} zIndex="sticky" textStyle="terminalBody">
      {open ? (
        <Box
          role="region"
          aria-label="Nomina terminal"
          bg="void.950/95"
          borderTopWidth="1px"
          borderColor="border.glow"
          boxShadow="0 -8px 32px {colors.glow.cyan/12}"
          backdropFilter="blur(8px)"
        >
          <Box maxH="40vh" overflowY="auto" px={{ base: 4, md: 8 }} pt={3} aria-live="polite">
            {log.length === 0 && <Text color="fg.subtle">Type /help for available commands. Escape closes the terminal.</Text>}
            {log.map((entry) => (
              <Box key={entry.id} mb={2}>
                <Text color="accent">
                  <chakra.span color="glow.green">nomina:~$</chakra.span> {entry.command}
                </Text>
                <Text color="fg.muted" whiteSpace="pre-wrap">
                  {entry.response}
                </Text>
              </Box>
            ))}
            <div ref={logEnd} />
          </Box>
          <Flex align="center" gap={2} px={{ base: 4, md: 8 }} py={3}>
            <chakra.label htmlFor="terminal-input" color="glow.green" flexShrink={0}>
              nomina:~$
            </chakra.label>
            <chakra.input
              id="terminal-input"
              ref={field}
              value={input}
              onChange={(event) => setInput(event.target.value)}
              onKeyDown={onKeyDown}
              aria-label="Terminal command"
              autoComplete="off"
              spellCheck={false}
              flex="1"
              bg="transparent"
              color="fg"
              outline="none"
              caretColor="var(--nm-colors-accent)"
              _focusVisible={{ outline: "none" }}
            />
          </Flex>
        </Box>
      ) : (
        <Bar
          ref={bar}
          type="button"
          onPointerDown={remember}
          onKeyDown={(event) => (event.key === "Enter" || event.key === " ") && remember()}
          onClick={() => setOpen(true)}
          w="full"
          textAlign="start"
          px={{ base: 4, md: 8 }}
          py={3}
          bg="void.950/90"
          borderTopWidth="1px"
          borderColor="border"
          color="fg.muted"
          cursor="text"
          _hover={{ color: "fg", borderColor: "border.glow" }}
          aria-label="Open the terminal"
        >
          <chakra.span color="glow.green">nomina:~$</chakra.span> click to enter a command
          <chakra.span display="inline-block" w="0.55em" h="1em" ms={1} bg="accent" verticalAlign="text-bottom" animation="blink" aria-hidden />
        </Bar>
      )}
    </Box>
  );
}
