// One of the watcher benchmark's receiving processes (scripts/bench/watchers.ts): opens its share
// of graphql-ws subscribers, alternating between the app processes it is given, and reports each
// event's arrival times as wall-clock milliseconds (performance.timeOrigin + now), which the
// parent compares with when it sent the request.
import { openSubscribers, type Subscribers } from "./ws-clients.ts";

type Command = { kind: "arrivals"; tag: string; timeoutMs: number } | { kind: "dispose" };

const urls = JSON.parse(process.env.WATCHER_URLS!) as string[];
const count = Number(process.env.WATCHER_COUNT);
const shares = urls.map((_, i) => Math.floor(count / urls.length) + (i < count % urls.length ? 1 : 0));
const groups: Subscribers[] = [];
for (const [i, url] of urls.entries()) groups.push(await openSubscribers(`${url}/graphql`, shares[i]!));
const wall = (at: number) => performance.timeOrigin + at;
process.send!({ kind: "ready" });

process.on("message", (command: Command) => {
  void (async () => {
    if (command.kind === "dispose") {
      await Promise.all(groups.map((group) => group.dispose()));
      process.send!({ kind: "disposed" }, () => process.exit(0));
      return;
    }
    const times = (await Promise.all(groups.map((group) => group.arrivals(command.tag, command.timeoutMs)))).flat().map(wall);
    const failures = groups.reduce((sum, group) => sum + group.failures(), 0);
    process.send!({ kind: "arrivals", tag: command.tag, times, failures });
  })();
});
