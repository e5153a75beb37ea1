// How a moment in the network is written on screen: the visitor's own locale and time zone.
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const clock = new Intl.DateTimeFormat(undefined, { timeStyle: "medium" });

/** "Nov 22, 2026, 10:35 AM" */
export const formatMoment = (iso: string) => moment.format(new Date(iso));
/** "Nov 22, 2026" */
export const formatDay = (iso: string) => day.format(new Date(iso));
/** "10:35:07 AM", for feeds where the day is today */
export const formatClock = (iso: string) => clock.format(new Date(iso));
