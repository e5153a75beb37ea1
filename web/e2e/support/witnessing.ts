// What Witnessing listens to: a spec waits for all of them to be in place before it writes what
// the page should hear (socket.ts `ready`, deployment.ts `live`).
export const WITNESSING_LIVE = [
  "useWitnessingLiveRitualSubscription",
  "useWitnessingLiveForgedSubscription",
  "useWitnessingLiveRemixedSubscription",
  "useWitnessingLiveWhisperSubscription",
  "useWitnessingLiveEchoSubscription",
];
