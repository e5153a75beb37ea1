// Structured logs for operators. Secrets are redacted wherever they could appear.
import pino from "pino";
import { currentRequestId } from "./request-context.ts";

export type Logger = pino.Logger;

export function createLogger(level: pino.LevelWithSilent, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "nomina" },
    // Every line written while serving a request carries its id (X-Request-Id).
    mixin: () => {
      const requestId = currentRequestId();
      return requestId === undefined ? {} : { requestId };
    },
    redact: {
      paths: ["password", "*.password", "*.passwordHash", "*.token", "*.apiKey", "headers.authorization", "*.headers.authorization", "*.headers.cookie"],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
