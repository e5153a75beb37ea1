// Dates the oracle can tell, by the server's clock in UTC: today, the year and the time, the day
// of the week a date falls on, the days until a date or between two, leap years. Dates are read in
// the forms people write them ("1 January 2000", "January 1st, 2000", "2000-01-01", "Christmas").
import type { Known } from "./known.ts";

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const DAY_MS = 86_400_000;

const HOLIDAYS: [RegExp, number, number, string][] = [
  [/^christmas eve$/, 12, 24, "Christmas Eve"],
  [/^christmas(?: day)?$|^xmas$/, 12, 25, "Christmas"],
  [/^new year'?s eve$/, 12, 31, "New Year's Eve"],
  [/^(?:the )?new year(?:'?s(?: day)?)?$/, 1, 1, "New Year's Day"],
  [/^halloween$/, 10, 31, "Halloween"],
  [/^valentine'?s(?: day)?$|^st\.? valentine'?s day$/, 2, 14, "Valentine's Day"],
];

type Day = { date: Date; said: string };

const utcDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const startOf = (now: Date) => utcDay(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate());
const longDate = (date: Date) => `${date.getUTCDate()} ${capital(MONTHS[date.getUTCMonth()]!)} ${date.getUTCFullYear()}`;
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const monthOf = (word: string) => {
  const lower = word.toLowerCase().replace(/\.$/, "");
  const at = MONTHS.findIndex((month) => month === lower || (lower.length >= 3 && month.startsWith(lower)));
  return at < 0 ? undefined : at + 1;
};

/** A date written as people write it; without a year, its next occurrence from today (`upcoming`) or this year's. */
function dateOf(words: string, now: Date, upcoming: boolean): Day | null {
  const text = words
    .trim()
    .toLowerCase()
    .replace(/^(?:on |the )/, "")
    .replace(/,/g, "")
    .replace(/\s+/g, " ");
  const today = startOf(now);
  if (text === "today") return { date: today, said: "today" };
  if (text === "tomorrow") return { date: new Date(today.getTime() + DAY_MS), said: "tomorrow" };
  if (text === "yesterday") return { date: new Date(today.getTime() - DAY_MS), said: "yesterday" };
  let year: number | undefined;
  let month: number | undefined;
  let day: number | undefined;
  let name: string | undefined;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})(?:st|nd|rd|th)?(?: of)? ([a-z.]+)(?: (\d{4}))?$/.exec(text);
  const monthFirst = /^([a-z.]+) (\d{1,2})(?:st|nd|rd|th)?(?: (\d{4}))?$/.exec(text);
  const holiday = HOLIDAYS.find(([pattern]) => pattern.test(text.replace(/ (\d{4})$/, "")));
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst && monthOf(dayFirst[2]!)) [day, month, year] = [Number(dayFirst[1]), monthOf(dayFirst[2]!), dayFirst[3] ? Number(dayFirst[3]) : undefined];
  else if (monthFirst && monthOf(monthFirst[1]!))
    [month, day, year] = [monthOf(monthFirst[1]!), Number(monthFirst[2]), monthFirst[3] ? Number(monthFirst[3]) : undefined];
  else if (holiday) {
    [, month, day, name] = holiday;
    const written = / (\d{4})$/.exec(text);
    year = written ? Number(written[1]) : undefined;
  } else return null;
  if (!month || !day || day < 1 || day > 31 || (year !== undefined && (year < 1 || year > 9999))) return null;
  let date = utcDay(year ?? today.getUTCFullYear(), month, day);
  // 31 February is not a date.
  if (date.getUTCDate() !== day) return null;
  if (year === undefined && upcoming && date < today) date = utcDay(today.getUTCFullYear() + 1, month, day);
  return { date, said: name ? `${name} (${longDate(date)})` : longDate(date) };
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

type Reader = { pattern: RegExp; answer: (match: RegExpExecArray, now: Date) => Known | null };

const READERS: Reader[] = [
  {
    pattern:
      /^(?:what(?:'s| is) (?:the )?(?:date|day)(?: is it)?(?: today)?|what day is (?:it|today)(?: today| now)?|what is today(?:'s date)?|what(?:'s| is) today(?:'s date)?)\??$/i,
    answer: (_, now) => {
      const today = startOf(now);
      return {
        subject: "today's date",
        fact: `today is ${WEEKDAYS[today.getUTCDay()]}, ${longDate(today)}, by my clock in UTC`,
        word: WEEKDAYS[today.getUTCDay()]!,
      };
    },
  },
  {
    pattern: /^what year is (?:it|this)(?: now)?\??$/i,
    answer: (_, now) => ({ subject: "the year", fact: `the year is ${now.getUTCFullYear()}, by my clock`, word: String(now.getUTCFullYear()) }),
  },
  {
    pattern: /^what month is (?:it|this)(?: now)?\??$/i,
    answer: (_, now) => ({
      subject: "the month",
      fact: `the month is ${capital(MONTHS[now.getUTCMonth()]!)}, by my clock`,
      word: capital(MONTHS[now.getUTCMonth()]!),
    }),
  },
  {
    pattern: /^what(?:'s| is) the time(?: now)?\??$|^what time is it(?: now)?\??$/i,
    answer: (_, now) => {
      const time = `${String(now.getUTCHours()).padStart(2, "0")}:${String(now.getUTCMinutes()).padStart(2, "0")}`;
      return { subject: "the time", fact: `it is ${time} in UTC by my clock, so add or take your own time zone's hours`, word: time };
    },
  },
  {
    pattern:
      /^what day (?:of the week )?(?:is|was|will be|falls on|did|does) (.+?)(?: fall on| fall| be)?\??$|^(?:on )?what day (?:of the week )?(?:is|was) (.+?) on\??$/i,
    answer: (match, now) => {
      const day = dateOf(match[1] ?? match[2]!, now, false);
      if (!day) return null;
      const past = day.date < startOf(now);
      const weekday = WEEKDAYS[day.date.getUTCDay()]!;
      return { subject: day.said, fact: `${day.said} ${past ? "was" : "falls on"} a ${weekday}`, word: weekday };
    },
  },
  {
    pattern: /^how many days (?:are there |are left |is it |left )?(?:until|till|til|to|before|left until|away is) (.+?)(?: away)?\??$/i,
    answer: (match, now) => {
      const day = dateOf(match[1]!, now, true);
      if (!day) return null;
      const days = Math.round((day.date.getTime() - startOf(now).getTime()) / DAY_MS);
      if (days < 0) return { subject: day.said, fact: `${day.said} was ${-days} days ago`, word: String(-days) };
      return {
        subject: day.said,
        fact: days === 0 ? `${day.said} is today` : `${day.said} is ${days} ${days === 1 ? "day" : "days"} away`,
        word: String(days),
      };
    },
  },
  {
    pattern: /^how many days (?:are there |were there )?between (.+?) and (.+?)\??$/i,
    answer: (match, now) => {
      const [from, to] = [dateOf(match[1]!, now, false), dateOf(match[2]!, now, false)];
      if (!from || !to) return null;
      const days = Math.abs(Math.round((to.date.getTime() - from.date.getTime()) / DAY_MS));
      return {
        subject: `the days between ${from.said} and ${to.said}`,
        fact: `${from.said} and ${to.said} are ${days} ${days === 1 ? "day" : "days"} apart`,
        word: String(days),
      };
    },
  },
  {
    pattern: /^(?:is|was|will) (\d{1,4}) (?:be )?a leap year\??$/i,
    answer: (match) => {
      const year = Number(match[1]);
      const leap = isLeap(year);
      return { subject: `the year ${year}`, fact: `${year} ${leap ? "is" : "is not"} a leap year`, word: leap ? "Yes" : "No" };
    },
  },
];

/** The date a question asks about, told by the clock's `now`; null when it asks none. */
export function dateAnswerOf(body: string, now: Date): Known | null {
  const text = body.trim().replace(/\s+/g, " ");
  if (text.length > 120) return null;
  for (const { pattern, answer } of READERS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const known = answer(match, now);
    if (known) return known;
  }
  return null;
}
