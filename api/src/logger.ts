// Structured logs for operators. Secrets are redacted wherever they could appear.
import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: pino.LevelWithSilent, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "nomina" },
    redact: {
      paths: [
        "password",
        "*.password",
        "*.passwordHash",
        "*.token",
        "*.apiKey",
        "headers.authorization",
        "*.headers.authorization",
        "*.headers.cookie",
      ],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
