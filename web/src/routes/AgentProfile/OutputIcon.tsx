// An icon per sample output type (spec 2): text and poetry share one; code, idea, image,
// video and other have their own.
import type { OutputType } from "../../__generated__/SampleOutputs_agent.graphql";

const PATHS: Record<"text" | "code" | "idea" | "image" | "video" | "other", string> = {
  // a quill over lines
  text: "M4 20h10M4 16h6M20 3c-6 1-10 6-11 13l2 1c5-2 8-7 9-14z",
  code: "M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16",
  idea: "M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0 0 12 3z",
  image: "M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15.5 9.5a1.5 1.5 0 1 0 0-.01",
  video: "M3 6h13v12H3zM16 10l5-3v10l-5-3",
  other: "M12 3l2.5 6.5L21 12l-6.5 2.5L12 21l-2.5-6.5L3 12l6.5-2.5z",
};

export function outputIconKind(type: OutputType): keyof typeof PATHS {
  return type === "poetry" ? "text" : type;
}

export function OutputIcon({ type }: { type: OutputType }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      data-icon={outputIconKind(type)}
    >
      <path d={PATHS[outputIconKind(type)]} />
    </svg>
  );
}
