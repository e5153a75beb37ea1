// What the oracle knows for certain, said plainly: a sum, a capital, a conversion, a date.

export type Known = {
  /** What it is about, as the question put it ("2 + 2", "the capital of Australia"). */
  subject: string;
  /** The answer as a clause that can follow "so:" or stand alone ("2 + 2 is 4"). */
  fact: string;
  /** The answer in one word (or one figure), for "in one word". */
  word: string;
};
