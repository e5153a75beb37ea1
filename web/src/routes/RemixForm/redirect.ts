// /forge?source={agentId}: the profile's REMIX link, resolved to the remix form of that agent
// (or to the Forge when no source is given).
import { redirect, type LoaderFunctionArgs } from "react-router-dom";
import { paths, pathTo } from "@nomina/shared/paths";

export function loader({ request }: LoaderFunctionArgs) {
  const source = new URL(request.url).searchParams.get("source")?.trim();
  return redirect(source ? pathTo(paths.remixForm, { name: source }) : paths.createAgent);
}
