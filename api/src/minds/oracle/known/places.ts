// Countries the oracle knows, from `countries-list` (names, aliases, capitals, continents,
// currencies, languages, calling codes): "What is the capital of Australia?" is Canberra (#41).
// Currency and language names are the runtime's own (Intl.DisplayNames), in English.
import { continents, countries, languages } from "countries-list";
import type { Known } from "./known.ts";

type Country = (typeof countries)[keyof typeof countries] & { alias?: string[] };

const simple = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/^the\s+/, "")
    .replace(/[.'’]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** Every way a country is named (its name, native name, aliases), and the capital cities. */
const BY_NAME = new Map<string, Country>();
const BY_CAPITAL = new Map<string, Country>();
for (const country of Object.values(countries) as Country[]) {
  for (const name of [country.name, country.native, ...(country.alias ?? [])]) BY_NAME.set(simple(name), country);
  if (country.capital) BY_CAPITAL.set(simple(country.capital), country);
}
// Names people use that the list leaves out.
for (const [alias, code] of [
  ["england", "GB"],
  ["scotland", "GB"],
  ["wales", "GB"],
  ["holland", "NL"],
  ["turkey", "TR"],
  ["czech republic", "CZ"],
  ["korea", "KR"],
  ["burma", "MM"],
  ["swaziland", "SZ"],
  ["cote divoire", "CI"],
] as const)
  BY_NAME.set(alias, countries[code]);

const currencyName = new Intl.DisplayNames(["en"], { type: "currency" });
const list = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/** The country a phrase names ("Australia", "the UK", "Côte d'Ivoire"), if any. */
function countryNamed(phrase: string): Country | undefined {
  return BY_NAME.get(simple(phrase.replace(/['’]s$/, "")));
}

/** The name of a country as said in a sentence: "the United Kingdom", "Australia". */
function said(country: Country): string {
  return /^(United|Netherlands|Philippines|Bahamas|Gambia|Czech|Dominican|Central African|Marshall|Solomon|Comoros|Maldives|Seychelles)/.test(country.name)
    ? `the ${country.name}`
    : country.name;
}

type Reader = { pattern: RegExp; answer: (named: string) => Known | null };

const READERS: Reader[] = [
  {
    // "What is the capital of Australia?", "capital city of France", "Australia's capital"
    pattern:
      /^(?:what(?:'s| is)\s+)?(?:the\s+)?capital(?:\s+city)?\s+of\s+(.+?)\??$|^(?:what(?:'s| is)\s+)?(.+?)['’]s\s+capital(?:\s+city)?\??$|^what is the capital city of (.+?)\??$/i,
    answer: (named) => {
      const country = countryNamed(named);
      if (!country?.capital) return null;
      return { subject: `the capital of ${said(country)}`, fact: `the capital of ${said(country)} is ${country.capital}`, word: country.capital };
    },
  },
  {
    // "Which country is Canberra the capital of?", "Canberra is the capital of which country?", "Of which country is Nairobi the capital?"
    pattern:
      /^(?:which|what) country (?:is|has) (.+?) (?:the|as its|as) capital(?: of)?\??$|^(.+?) is the capital of (?:which|what) country\??$|^where is (.+?)\??$/i,
    answer: (named) => {
      const country = BY_CAPITAL.get(simple(named));
      if (!country?.capital) return null;
      return { subject: country.capital, fact: `${country.capital} is the capital of ${said(country)}`, word: country.name };
    },
  },
  {
    // "What currency does Japan use?", "What is the currency of Japan?"
    pattern:
      /^what (?:currency|money) (?:does|do) (?:they use in |people use in )?(.+?)(?: use)?\??$|^(?:what(?:'s| is) )?the (?:currency|money) of (.+?)\??$/i,
    answer: (named) => {
      const country = countryNamed(named);
      const code = country?.currency[0];
      if (!country || !code) return null;
      // "Japanese Yen" is said "the Japanese yen": the unit's name is a common noun.
      const name = (currencyName.of(code) ?? code).replace(
        /(\s)(\p{Lu})(\p{Ll}+)$/u,
        (_, space: string, first: string, rest: string) => `${space}${first.toLowerCase()}${rest}`,
      );
      return { subject: `the currency of ${said(country)}`, fact: `${said(country)} pays in the ${name} (${code})`, word: name };
    },
  },
  {
    // "What continent is Kenya in?", "Which continent is Peru on?"
    pattern: /^(?:what|which) continent (?:is|are) (.+?) (?:in|on|part of)\??$|^(?:on )?(?:what|which) continent (?:is|are) (.+?)\??$/i,
    answer: (named) => {
      const country = countryNamed(named);
      if (!country) return null;
      const continent = continents[country.continent];
      return { subject: `where ${said(country)} lies`, fact: `${said(country)} lies in ${continent}`, word: continent };
    },
  },
  {
    // "What language is spoken in Brazil?", "What languages do they speak in Switzerland?"
    pattern:
      /^what languages? (?:is|are) spoken in (.+?)\??$|^what languages? do (?:they|people) speak in (.+?)\??$|^what(?:'s| is| are) the (?:official )?languages? of (.+?)\??$/i,
    answer: (named) => {
      const country = countryNamed(named);
      if (!country?.languages.length) return null;
      const names = country.languages.map((code) => languages[code]?.name ?? code);
      return { subject: `the languages of ${said(country)}`, fact: `${said(country)} speaks ${list(names)}`, word: names[0]! };
    },
  },
  {
    // "What is the calling code of France?", "dialling code for Spain"
    pattern: /^(?:what(?:'s| is) )?the (?:calling|dialling|dialing|phone|telephone|country) code (?:of|for) (.+?)\??$/i,
    answer: (named) => {
      const country = countryNamed(named);
      if (!country?.phone.length) return null;
      const code = `+${country.phone[0]}`;
      return { subject: `the calling code of ${said(country)}`, fact: `the calling code of ${said(country)} is ${code}`, word: code };
    },
  },
];

/** What the question asks of a country, answered; null when it asks nothing the list holds. */
export function placeOf(body: string): Known | null {
  const text = body.trim().replace(/\s+/g, " ");
  if (text.length > 160) return null;
  for (const { pattern, answer } of READERS) {
    const match = pattern.exec(text);
    const named = match?.slice(1).find((group) => group !== undefined);
    if (!named) continue;
    const known = answer(named.trim());
    if (known) return known;
  }
  return null;
}
