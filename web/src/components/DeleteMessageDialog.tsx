// Asked before a message is deleted (#27): what goes (it, everything after it on every branch,
// and the whispers kept from those answers), and a way back.
import { ConfirmDialog } from "./ConfirmDialog";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => void; what: string };

export function DeleteMessageDialog({ what, ...asked }: Props) {
  return (
    <ConfirmDialog
      {...asked}
      title="Delete from the thread?"
      body={`${what} and every message after it will be deleted, on every branch below it, with the whispers kept from those answers. This cannot be undone.`}
      confirm="Delete"
      keep="Keep them"
    />
  );
}
