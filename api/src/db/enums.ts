// The database's enums are the shared package's value lists (@nomina/shared/enums), which the
// forms offer and the schemas check: the compiler refuses any drift between the two.
import type { ModelSeat, RitualType, WaitlistPurpose } from "../../generated/prisma/enums.ts";
import type { RitualType as SharedRitualType, Seat, WaitlistPurpose as SharedWaitlistPurpose } from "@nomina/shared/enums";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;

export type SeatsAreModelSeat = Assert<Same<Seat, ModelSeat>>;
export type PurposesAreWaitlistPurpose = Assert<Same<SharedWaitlistPurpose, WaitlistPurpose>>;
export type RitualTypesAreRitualType = Assert<Same<SharedRitualType, RitualType>>;
