// The four council seats an agent can be bound to (spec 9).
import { NativeSelect } from "@chakra-ui/react";
import { SEATS } from "@nomina/shared/enums";

type Props = { id?: string; value: string; onChange: (value: string) => void; placeholder?: string; name?: string };

export function ModelSelect({ value, onChange, placeholder, name }: Props) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field name={name} value={value} onChange={(event) => onChange(event.target.value)} bg="surface" borderColor="border">
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {SEATS.map((model) => (
          <option key={model} value={model}>
            {model}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
