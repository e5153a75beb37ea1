// Before asking: which seats sit (two to four), who chairs (a seated seat, 'rotate' or the
// default), and whether the seats review each other's answers before the synthesis.
import { Checkbox, Field, Fieldset, Flex, NativeSelect, Text } from "@chakra-ui/react";
import type { ChairChoice } from "@nomina/shared/council";
import { Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { CouncilChoicesDefaultChairQuery } from "../../__generated__/CouncilChoicesDefaultChairQuery.graphql";
import { Toggle } from "../../components/Toggle";
import { SEATS } from "./councilStream";
import { VOICE_LOOK } from "./seats";
import { MIN_SEATS, type DraftControls } from "./useDraft";
import type { Seat } from "./councilStream";

const DEFAULT_CHAIR = "";

const defaultChairQuery = graphql`
  query CouncilChoicesDefaultChairQuery {
    councilDefaultChair
  }
`;

/** Who chairs when left to the default: the configured chair when it sits, else the first seated seat (as the server decides). */
export function defaultChairOf(seats: readonly Seat[], configured: Seat): Seat {
  return seats.includes(configured) ? configured : (seats[0] ?? configured);
}

type Props = DraftControls & { disabled: boolean };

/** The choices, with the default chair named once the server has said who it is ("Claude (default)"). */
export function CouncilChoices(props: Props) {
  return (
    <Suspense fallback={<Choices {...props} configuredChair={null} />}>
      <NamedChoices {...props} />
    </Suspense>
  );
}

function NamedChoices(props: Props) {
  const { councilDefaultChair } = useLazyLoadQuery<CouncilChoicesDefaultChairQuery>(defaultChairQuery, {}, { fetchPolicy: "store-or-network" });
  return <Choices {...props} configuredChair={councilDefaultChair} />;
}

function Choices({ draft, update, toggleSeat, disabled, configuredChair }: Props & { configuredChair: Seat | null }) {
  const atLeast = draft.seats.length <= MIN_SEATS;
  return (
    <Flex gap={{ base: 4, md: 8 }} wrap="wrap" align="flex-end">
      <Fieldset.Root w="auto" disabled={disabled}>
        <Fieldset.Legend textStyle="fieldLabel" color="fg.muted" mb={2}>
          Seats at the table
        </Fieldset.Legend>
        <Flex gap={{ base: 3, md: 4 }} wrap="wrap">
          {SEATS.map((seat) => {
            const seated = draft.seats.includes(seat);
            return (
              <Checkbox.Root
                key={seat}
                checked={seated}
                disabled={seated && atLeast}
                onCheckedChange={() => toggleSeat(seat)}
                colorPalette="cyan"
                size="sm"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control borderColor="border.glow" />
                <Checkbox.Label color="fg" fontSize="sm">
                  <Text as="span" aria-hidden color={VOICE_LOOK[seat].colour} me={1}>
                    {VOICE_LOOK[seat].sigil}
                  </Text>
                  {VOICE_LOOK[seat].label}
                </Checkbox.Label>
              </Checkbox.Root>
            );
          })}
        </Flex>
        <Fieldset.HelperText textStyle="caption" color="fg.subtle">
          Two to four seats answer.
        </Fieldset.HelperText>
      </Fieldset.Root>
      <Field.Root w="auto" minW="12rem" disabled={disabled}>
        <Field.Label textStyle="fieldLabel" color="fg.muted">
          The chair
        </Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={draft.chair ?? DEFAULT_CHAIR}
            onChange={(event) => update({ chair: (event.target.value || null) as ChairChoice | null })}
            bg="surface"
            borderColor="border"
          >
            <option value={DEFAULT_CHAIR}>{configuredChair ? `${VOICE_LOOK[defaultChairOf(draft.seats, configuredChair)].label} (default)` : "Default chair"}</option>
            {draft.seats.map((seat) => (
              <option key={seat} value={seat}>
                {VOICE_LOOK[seat].label}
              </option>
            ))}
            <option value="rotate">Rotate each question</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Flex pb={1}>
        <Toggle label="Peer review" checked={draft.review} onChange={(review) => update({ review })} />
      </Flex>
    </Flex>
  );
}
