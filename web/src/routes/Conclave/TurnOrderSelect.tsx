// Who speaks next in a conclave, as a select: the same choice when it is opened and on its page.
import { NativeSelect } from "@chakra-ui/react";
import { TURN_ORDERS, TURN_ORDER_LABELS, type TurnOrder } from "@nomina/shared/conclaves";

type Props = {
  /** The id its label points at. */
  id: string;
  value: TurnOrder;
  onChange: (order: TurnOrder) => void;
  disabled?: boolean;
} & Pick<NativeSelect.RootProps, "size" | "width" | "mt">;

export function TurnOrderSelect({ id, value, onChange, disabled, ...root }: Props) {
  return (
    <NativeSelect.Root disabled={disabled} {...root}>
      <NativeSelect.Field id={id} value={value} onChange={(event) => onChange(event.target.value as TurnOrder)} bg="surface" borderColor="border">
        {TURN_ORDERS.map((order) => (
          <option key={order} value={order}>
            {TURN_ORDER_LABELS[order]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
