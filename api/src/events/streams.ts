// Replayable streams between processes (Redis Streams): what one process says about a subject
// (a running Council invocation) is appended to that subject's stream, under the deployment's
// prefix, and a reader in any process reads it from its first entry, then follows it as it grows,
// each read asking only for what comes after the last entry read: no gap between what was said
// before the reader came and what is said after, and nothing twice. The writer keeps its stream
// alive: while it has nothing to append it adds a beat every `beatMs`, and each entry or beat puts
// the stream's expiry `ttlMs` off again, so a stream whose writer finished or died goes away on
// its own; a reader that hears nothing, not even a beat, for `idleMs` is told so (its stream
// ends) and looks for the rest elsewhere. As on the bus, nothing here throws into the writer: an
// entry Redis cannot take is logged and counted, and missing for the readers.
import { setTimeout as sleep } from "node:timers/promises";
import { FixedBuffer, Repeater } from "graphql-yoga";
import type { Redis } from "ioredis";
import { readyWithin, redisClient } from "../redis.ts";
import type { Logger } from "../logger.ts";

export type StreamLimits = {
  /** About how many entries the stream keeps (older ones are trimmed): a bound on its memory. */
  maxLen: number;
  /** How long the stream outlives its last entry or beat. */
  ttlMs: number;
  /** How often the writer beats while it has nothing to append. */
  beatMs: number;
};

export type StreamWriter = {
  /** Appends `entry` (as JSON). Never throws. */
  append(entry: unknown): void;
  /** Settles once an earlier stream of the same name is gone, or Redis did not take that. Never rejects. */
  readonly opened: Promise<void>;
  /** Stops the beats: the stream goes away `ttlMs` after its last entry. */
  close(): void;
};

export type Streams = {
  /** Starts the stream `name` afresh (an earlier one of that name is removed) and writes to it. */
  open(name: string, limits: StreamLimits): StreamWriter;
  /**
   * The stream `name` from its first entry, then each entry as it is appended; it ends once
   * nothing (no entry, no beat) has come for `idleMs`, Redis being away counting as silence,
   * or when the caller returns it.
   */
  follow(name: string, idleMs: number): AsyncIterable<unknown>;
  close(): Promise<void>;
};

type StreamsOptions = {
  url: string;
  prefix: string;
  /** The connection entries are written with (the bus's publisher). */
  writer: Redis;
  log: Logger;
  /** Called for each entry Redis could not take. */
  failed: () => void;
};

const ENTRY = "e";
const BEAT = "b";
/** Entries a reader takes at most per read. */
const READ_COUNT = 1_000;
/** How soon a reader asks again after Redis failed it. */
const RETRY_MS = 100;

/** One stream read for every follower of it in this process: what was read so far, and who hears what follows. */
type Reading = { entries: unknown[]; listeners: Set<(entry: unknown) => void>; enders: Set<() => void>; ended: boolean; leave(): void };

export function createStreams({ url, prefix, writer, log, failed }: StreamsOptions): Streams {
  const key = (name: string) => `${prefix}:${name}`;
  const readers = new Set<Redis>();
  const following = new Map<string, Reading>();
  let closed = false;

  /**
   * Reads `name` from its first entry until it falls silent for `idleMs` or its last follower
   * leaves. XREAD BLOCK holds its connection: one per stream followed here, not one per follower.
   */
  function startReading(name: string, idleMs: number): Reading {
    const stream = key(name);
    const reader = redisClient(url, log);
    readers.add(reader);
    let left = false;
    const reading: Reading = {
      entries: [],
      listeners: new Set(),
      enders: new Set(),
      ended: false,
      leave() {
        // A follower who comes after this starts a reading of its own.
        left = true;
        if (following.get(name) === reading) following.delete(name);
        reader.disconnect();
      },
    };
    following.set(name, reading);
    void (async () => {
      try {
        let heard = Date.now();
        let last = "0";
        const ready = await readyWithin(reader, idleMs);
        for (let wait = idleMs - (Date.now() - heard); ready && !left && !closed && wait > 0; wait = idleMs - (Date.now() - heard)) {
          let reply: [string, [string, string[]][]][] | null;
          try {
            reply = await reader.xread("COUNT", READ_COUNT, "BLOCK", Math.ceil(wait), "STREAMS", stream, last);
          } catch {
            // Redis is away (or the last follower left): silence, until it has lasted too long.
            if (!left) await sleep(Math.min(RETRY_MS, wait), undefined, { ref: false });
            continue;
          }
          for (const [id, fields] of reply?.[0]?.[1] ?? []) {
            last = id;
            heard = Date.now();
            // Each entry is one field: an entry, or a beat (heard, and nothing to give).
            if (fields[0] !== ENTRY || fields[1] === undefined) continue;
            const entry: unknown = JSON.parse(fields[1]);
            reading.entries.push(entry);
            for (const listener of reading.listeners) listener(entry);
          }
        }
      } finally {
        readers.delete(reader);
        reader.disconnect();
        if (following.get(name) === reading) following.delete(name);
        reading.ended = true;
        for (const end of reading.enders) end();
      }
    })().catch((error: unknown) => log.warn({ err: error, stream }, "a stream could not be read"));
    return reading;
  }

  return {
    open(name, { maxLen, ttlMs, beatMs }) {
      const stream = key(name);
      // Removing the earlier stream goes with every write until Redis has taken it once.
      let clear: "needed" | "sent" | "done" = "needed";
      let spoke = false;
      const write = async (field: string, value: string): Promise<boolean> => {
        const clearing = clear === "needed";
        const pipeline = writer.pipeline();
        if (clearing) {
          clear = "sent";
          pipeline.del(stream);
        }
        pipeline.xadd(stream, "MAXLEN", "~", maxLen, "*", field, value).pexpire(stream, ttlMs);
        try {
          const results = (await pipeline.exec()) ?? [];
          if (clearing) clear = results[0] && !results[0][0] ? "done" : "needed";
          const error = results.find(([failure]) => failure)?.[0];
          if (error) throw error;
          return true;
        } catch (error) {
          if (clearing && clear === "sent") clear = "needed";
          log.debug({ err: error, stream }, "a stream entry could not reach Redis");
          return false;
        }
      };
      const opened = write(BEAT, "").then(() => undefined);
      const beats = setInterval(() => {
        if (!spoke) void write(BEAT, "");
        spoke = false;
      }, beatMs);
      beats.unref();
      return {
        opened,
        append(entry) {
          spoke = true;
          void write(ENTRY, JSON.stringify(entry)).then((taken) => taken || failed());
        },
        close: () => clearInterval(beats),
      };
    },

    follow(name, idleMs) {
      return new Repeater<unknown>(async (push, stop) => {
        // Followers of one stream in this process share its reader, which keeps what it read.
        const reading = following.get(name) ?? startReading(name, idleMs);
        const hear = (entry: unknown) => void push(entry);
        const end = () => stop();
        reading.entries.forEach(hear);
        if (reading.ended) return stop();
        reading.listeners.add(hear);
        reading.enders.add(end);
        await stop;
        reading.listeners.delete(hear);
        reading.enders.delete(end);
        if (reading.listeners.size === 0) reading.leave();
      }, new FixedBuffer(Infinity));
    },

    close() {
      closed = true;
      for (const reader of readers) reader.disconnect();
      return Promise.resolve();
    },
  };
}
