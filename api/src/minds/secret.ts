// A provider key never leaves this wrapper by accident: printing, logging or serialising it
// shows "[redacted]"; only the seat that calls the provider reveals it.
import { inspect } from "node:util";

const REDACTED = "[redacted]";
const FRAGMENT = 16;

export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}

/** `text` with every occurrence of the given secrets (and of long fragments of them) blotted out. */
export function redact(text: string, secrets: readonly Secret[]): string {
  let clean = text;
  for (const secret of secrets) {
    const value = secret.reveal();
    if (value.length < 4) continue;
    clean = clean.split(value).join(REDACTED);
    // Providers echo keys partly ("sk-abc...xyz"): any 16-character run of the key is removed
    // too, long enough never to match ordinary words.
    for (let start = 0; start + FRAGMENT <= value.length; start++) {
      const fragment = value.slice(start, start + FRAGMENT);
      if (clean.includes(fragment)) clean = clean.split(fragment).join(REDACTED);
    }
  }
  return clean;
}
