// Before asking: which seats sit (two to four), which ascended members sit in their seats in place
// of the seats' models (#28), who chairs (a seated seat, 'rotate' or the default; a member in the
// chair's seat chairs), and whether the seats review each other's answers before the synthesis.
import { Box, Button, Checkbox, Field, Fieldset, Flex, Link, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { paths } from "@nomina/shared/paths";
import { Link as RouterLink } from "react-router";
import type { ChairChoice } from "@nomina/shared/council";
import { Suspense, useId, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { CouncilChoicesDefaultChairQuery } from "../../__generated__/CouncilChoicesDefaultChairQuery.graphql";
import type { CouncilChoicesMembersQuery } from "../../__generated__/CouncilChoicesMembersQuery.graphql";
import { Glyph } from "../../components/Glyph";
import { Toggle } from "../../components/Toggle";
import { SEATS } from "./councilStream";
import { VOICE_LOOK } from "./seats";
import { MIN_SEATS, type DraftControls, type SeatedMember } from "./useDraft";
import type { Seat } from "./councilStream";

const DEFAULT_CHAIR = "";

/** Started by the route's loader (route.tsx), so that the choices read it from the store. */
export const defaultChairQuery = graphql`
  query CouncilChoicesDefaultChairQuery {
    councilDefaultChair
  }
`;

/** The ascended members who may sit: the newest first, as many as the Gate shows. Started by the route's loader too. */
export const membersQuery = graphql`
  query CouncilChoicesMembersQuery {
    councilMembers(first: 12) {
      edges {
        node {
          id
          agentName
          seat
          agent {
            glyph
          }
        }
      }
    }
  }
`;

/** Who chairs when left to the default: the configured chair when it sits, else the first seated seat (as the server decides). */
export function defaultChairOf(seats: readonly Seat[], configured: Seat): Seat {
  return seats.includes(configured) ? configured : (seats[0] ?? configured);
}

type Props = DraftControls & { disabled: boolean };

/** The choices, with the default chair named once the server has said who it is ("Claude (default)"). */
export function CouncilChoices(props: Props) {
  // The Ascended sit outside the boundary: naming the default chair does not fold them again.
  return (
    <Stack gap={3}>
      <Suspense fallback={<Choices {...props} configuredChair={null} />}>
        <NamedChoices {...props} />
      </Suspense>
      <Ascended chosen={props.draft.members} toggle={props.toggleMember} disabled={props.disabled} />
    </Stack>
  );
}

function NamedChoices(props: Props) {
  const { councilDefaultChair } = useLazyLoadQuery<CouncilChoicesDefaultChairQuery>(defaultChairQuery, {}, { fetchPolicy: "store-or-network" });
  return <Choices {...props} configuredChair={councilDefaultChair} />;
}

/** A seat's name at the Gate, with the member sitting in it: "Nomenclator (Claude's seat)". */
export function sitterLabel(seat: Seat, members: readonly SeatedMember[]): string {
  const member = members.find((one) => one.seat === seat);
  return member ? `${member.name} (${VOICE_LOOK[seat].label}'s seat)` : VOICE_LOOK[seat].label;
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
              <Checkbox.Root key={seat} checked={seated} disabled={seated && atLeast} onCheckedChange={() => toggleSeat(seat)} colorPalette="cyan" size="sm">
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
            <option value={DEFAULT_CHAIR}>
              {configuredChair ? `${sitterLabel(defaultChairOf(draft.seats, configuredChair), draft.members)} (default)` : "Default chair"}
            </option>
            {draft.seats.map((seat) => (
              <option key={seat} value={seat}>
                {sitterLabel(seat, draft.members)}
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

/**
 * The Ascended, folded until asked for (or while some sit): who may sit. Nothing while no agent
 * has ascended and none sits (#41: on a fresh install "Seat the Ascended" opened onto nobody).
 */
function Ascended(props: { chosen: readonly SeatedMember[]; toggle: (member: SeatedMember) => void; disabled: boolean }) {
  return (
    <Suspense fallback={null}>
      <AscendedWhenAny {...props} />
    </Suspense>
  );
}

function AscendedWhenAny({ chosen, toggle, disabled }: { chosen: readonly SeatedMember[]; toggle: (member: SeatedMember) => void; disabled: boolean }) {
  const data = useLazyLoadQuery<CouncilChoicesMembersQuery>(membersQuery, {}, { fetchPolicy: "store-or-network" });
  const members = data.councilMembers.edges.map((edge) => edge.node);
  const [open, setOpen] = useState(chosen.length > 0);
  const regionId = useId();
  if (!members.length && !chosen.length) return null;
  return (
    <Stack gap={2} align="flex-start">
      <Button size="xs" variant="ghost" color="glow.violet" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((was) => !was)}>
        {open ? "Fold the Ascended" : chosen.length ? `The Ascended: ${chosen.map((member) => member.name).join(", ")}` : "Seat the Ascended"}
      </Button>
      {open && (
        <Box id={regionId} w="full">
          <AscendedChoices members={members} chosen={chosen} toggle={toggle} disabled={disabled} />
        </Box>
      )}
    </Stack>
  );
}

/** The Council of the Ascended: members the network nominated and ascended, each offered in the seat its agent is bound to. */
function AscendedChoices({
  members,
  chosen,
  toggle,
  disabled,
}: {
  members: readonly CouncilChoicesMembersQuery["response"]["councilMembers"]["edges"][number]["node"][];
  chosen: readonly SeatedMember[];
  toggle: (member: SeatedMember) => void;
  disabled: boolean;
}) {
  if (!members.length)
    return (
      <Text textStyle="caption" color="fg.muted">
        The members who sat have left the Council; the network nominates new ones in the{" "}
        <Link asChild color="accent">
          <RouterLink to={paths.council}>Council Terminal</RouterLink>
        </Link>
        .
      </Text>
    );
  return (
    <Fieldset.Root w="auto" maxW="40rem" disabled={disabled}>
      <Fieldset.Legend textStyle="fieldLabel" color="fg.muted" mb={2}>
        The Ascended
      </Fieldset.Legend>
      <Flex gap={{ base: 3, md: 4 }} wrap="wrap">
        {members.map((member) => (
          <Checkbox.Root
            key={member.id}
            checked={chosen.some((one) => one.id === member.id)}
            onCheckedChange={() => toggle({ id: member.id, name: member.agentName, seat: member.seat })}
            colorPalette="purple"
            size="sm"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control borderColor="border.glow" />
            <Checkbox.Label color="fg" fontSize="sm" display="flex" alignItems="center" gap={1}>
              <Glyph glyph={member.agent.glyph} size="sm" />
              {member.agentName}
              <Text as="span" color="fg.subtle">
                in {VOICE_LOOK[member.seat].label}'s seat
              </Text>
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Flex>
      <Fieldset.HelperText textStyle="caption" color="fg.subtle">
        A member speaks in its own persona in place of its seat's model; one voice per seat.
      </Fieldset.HelperText>
    </Fieldset.Root>
  );
}
