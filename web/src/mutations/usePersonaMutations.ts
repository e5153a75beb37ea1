// Personas (#27 item 5): who the caller says they are to the agents, at most 10, one default.
// The caller's list is the root field `personas`: a persona made joins it, one deleted leaves it
// (and the store, so a thread that spoke as it reads "no one", as the server now says), and a new
// default unmarks the others here as the server does in the same transaction.
import { graphql, useMutation } from "react-relay";
import type { RecordSourceSelectorProxy } from "relay-runtime";
import type {
  usePersonaMutationsCreateMutation as CreateMutation,
  usePersonaMutationsCreateMutation$data,
} from "../__generated__/usePersonaMutationsCreateMutation.graphql";
import type {
  usePersonaMutationsUpdateMutation as UpdateMutation,
  usePersonaMutationsUpdateMutation$data,
} from "../__generated__/usePersonaMutationsUpdateMutation.graphql";
import type {
  usePersonaMutationsDeleteMutation as DeleteMutation,
  usePersonaMutationsDeleteMutation$data,
} from "../__generated__/usePersonaMutationsDeleteMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const createMutation = graphql`
  mutation usePersonaMutationsCreateMutation($name: String!, $description: String, $isDefault: Boolean) {
    createPersona(name: $name, description: $description, isDefault: $isDefault) {
      id
      name
      description
      isDefault
      createdAt
    }
  }
`;

const updateMutation = graphql`
  mutation usePersonaMutationsUpdateMutation($id: ID!, $name: String, $description: String, $isDefault: Boolean) {
    updatePersona(id: $id, name: $name, description: $description, isDefault: $isDefault) {
      id
      name
      description
      isDefault
    }
  }
`;

const deleteMutation = graphql`
  mutation usePersonaMutationsDeleteMutation($id: ID!) {
    deletePersona(id: $id)
  }
`;

/** Only `keep` stays the default among the caller's personas (when it is the default). */
function onlyDefault(store: RecordSourceSelectorProxy, keep: string) {
  const kept = store.get(keep);
  if (kept?.getValue("isDefault") !== true) return;
  for (const persona of store.getRoot().getLinkedRecords("personas") ?? []) {
    if (persona && persona.getDataID() !== keep) persona.setValue(false, "isDefault");
  }
}

export type PersonaFields = { name: string; description: string };

export function useCreatePersonaMutation() {
  const [commit, isInFlight] = useMutation<CreateMutation>(createMutation);
  const create = (fields: PersonaFields, callbacks: Callbacks<string>) =>
    commit({
      variables: { name: fields.name, description: fields.description },
      updater: (store) => {
        const made = store.getRootField("createPersona");
        const root = store.getRoot();
        const list = (root.getLinkedRecords("personas") ?? []).filter((persona) => persona != null);
        root.setLinkedRecords([...list, made], "personas");
        onlyDefault(store, made.getDataID());
      },
      ...rejectErrors(callbacks, (data: usePersonaMutationsCreateMutation$data) => data.createPersona.id),
    });
  return [create, isInFlight] as const;
}

export function useUpdatePersonaMutation() {
  const [commit, isInFlight] = useMutation<UpdateMutation>(updateMutation);
  /** Renames or redescribes a persona, or makes it the default (`isDefault: true`). */
  const update = (id: string, fields: Partial<PersonaFields> & { isDefault?: boolean }, callbacks: Callbacks<string>) =>
    commit({
      variables: { id, ...fields },
      updater: (store) => onlyDefault(store, store.getRootField("updatePersona").getDataID()),
      ...rejectErrors(callbacks, (data: usePersonaMutationsUpdateMutation$data) => data.updatePersona.id),
    });
  return [update, isInFlight] as const;
}

export function useDeletePersonaMutation() {
  const [commit, isInFlight] = useMutation<DeleteMutation>(deleteMutation);
  const remove = (id: string, callbacks: Callbacks<string>) =>
    commit({
      variables: { id },
      updater: (store, data) => {
        const gone = data?.deletePersona;
        if (!gone) return;
        const root = store.getRoot();
        root.setLinkedRecords(
          (root.getLinkedRecords("personas") ?? []).filter((persona) => persona != null && persona.getDataID() !== gone),
          "personas",
        );
        store.delete(gone);
      },
      ...rejectErrors(callbacks, (data: usePersonaMutationsDeleteMutation$data) => data.deletePersona),
    });
  return [remove, isInFlight] as const;
}
