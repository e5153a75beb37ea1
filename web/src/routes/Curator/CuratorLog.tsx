// The ritual log, live: the Council's own panel (newest first, paged, new entries prepended by the
// ritualLogAdded subscription), here over the curator's connection.
import { useEffect } from "react";
import { useQueryLoader } from "react-relay";
import type { RitualLogPanelQuery } from "../../__generated__/RitualLogPanelQuery.graphql";
import { RitualLoader } from "../../components/RitualLoader";
import { RitualLogPanel, ritualLogPanelQuery } from "../Council/RitualLogPanel";

export function CuratorLog() {
  const [ref, load] = useQueryLoader<RitualLogPanelQuery>(ritualLogPanelQuery);
  useEffect(() => load({}, { fetchPolicy: "store-and-network" }), [load]);
  return ref ? <RitualLogPanel queryRef={ref} /> : <RitualLoader label="Reading the ritual log..." />;
}
