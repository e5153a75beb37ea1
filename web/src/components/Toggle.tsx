// A labelled on/off switch whose track stays visible on the dark cosmos.
import { Switch } from "@chakra-ui/react";

type Props = { label: string; checked: boolean; onChange: (checked: boolean) => void };

export function Toggle({ label, checked, onChange }: Props) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(details) => onChange(details.checked)} colorPalette="cyan">
      <Switch.HiddenInput />
      <Switch.Control bg="void.600" borderWidth="1px" borderColor="border.glow" _checked={{ bg: "glow.cyan" }}>
        <Switch.Thumb bg="fg" _checked={{ bg: "void.950" }} />
      </Switch.Control>
      <Switch.Label color="fg.muted" fontSize="sm">
        {label}
      </Switch.Label>
    </Switch.Root>
  );
}
