// A named @keyframes rule for one screen's animation. Chakra's `css` prop cannot declare one
// (a nested "@keyframes" is silently dropped), so the rule goes into a <style> that React 19
// hoists into <head> once, however many components render it.
export function Keyframes({ name, frames }: { name: string; frames: string }) {
  return (
    <style href={`nm-keyframes-${name}`} precedence="default">
      {`@keyframes ${name}{${frames}}`}
    </style>
  );
}
