// A select of a few fixed choices, each with its label (a list's order, a conclave's turns): the
// native select, so a phone shows its own picker.
import { NativeSelect } from "@chakra-ui/react";

type Props<T extends string> = {
  /** The id its label points at. */
  id: string;
  value: T;
  choices: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  disabled?: boolean;
} & Pick<NativeSelect.RootProps, "size" | "width" | "mt">;

export function ChoiceSelect<T extends string>({ id, value, choices, onChange, disabled, ...root }: Props<T>) {
  return (
    <NativeSelect.Root disabled={disabled} {...root}>
      <NativeSelect.Field id={id} value={value} onChange={(event) => onChange(event.target.value as T)} bg="surface" borderColor="border">
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
