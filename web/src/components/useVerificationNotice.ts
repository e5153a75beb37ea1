// A followed verification link lands with ?verified=1 (or =0): say how it went, once, and take
// the flag out of the address so a reload does not say it again.
import { useEffect } from "react";
import { useSearchParams } from "react-router-dom";
import { notify } from "./Toaster";

export const VERIFIED_TITLE = "Email Verified";
export const VERIFY_FAILED_TITLE = "Verification Failed";

export function useVerificationNotice() {
  const [params, setParams] = useSearchParams();
  const verified = params.get("verified");
  useEffect(() => {
    if (verified === null) return;
    // After this commit's effects: on a fresh page the Toaster (a parent) starts listening only
    // once its own effect has run, after ours, and a toast made before would be lost.
    setTimeout(() => {
      if (verified === "1") notify("success", VERIFIED_TITLE, "Your email is verified. Your ritual tier has risen.");
      else notify("error", VERIFY_FAILED_TITLE, "This verification link is invalid or has expired");
    }, 0);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("verified");
        return next;
      },
      { replace: true },
    );
  }, [verified, setParams]);
}
