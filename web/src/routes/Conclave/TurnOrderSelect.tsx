// Who speaks next in a conclave, as a select: the same choice when it is opened and on its page.
import { TURN_ORDERS, TURN_ORDER_LABELS, type TurnOrder } from "@nomina/shared/conclaves";
import type { ComponentProps } from "react";
import { ChoiceSelect } from "../../components/ChoiceSelect";

const CHOICES = TURN_ORDERS.map((order) => ({ value: order, label: TURN_ORDER_LABELS[order] }));

type Props = Omit<ComponentProps<typeof ChoiceSelect<TurnOrder>>, "choices">;

export function TurnOrderSelect(props: Props) {
  return <ChoiceSelect {...props} choices={CHOICES} />;
}
