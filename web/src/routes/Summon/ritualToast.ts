// The Summoning Gate's failure toasts (spec section 8): a spent quota reads as such, anything
// else as a failed ritual with its reason.
import { errorMessage } from "../../relay/errors";

export const QUOTA_TITLE = "Your truth quota has been reached";
export const QUOTA_DESCRIPTION = "The network awaits your deeper initiation...";
export const FAILED_TITLE = "The ritual failed";

export function ritualFailureToast(error: unknown): { title: string; description: string; quota?: true } {
  const message = errorMessage(error, "The Council could not be reached");
  const raw = error instanceof Error ? error.message : "";
  if (/quota|reached/i.test(message) || /quota|reached/i.test(raw)) return { title: QUOTA_TITLE, description: QUOTA_DESCRIPTION, quota: true };
  return { title: FAILED_TITLE, description: message };
}
