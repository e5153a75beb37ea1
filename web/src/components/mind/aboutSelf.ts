// Whether a message says something about its sender: the server's own test (api/src/minds/person.ts
// speaksOfSelf), which decides whether an agent is asked for notes at all. The memory panel watches
// for a new note only after such a message; after any other, it reads the notes once.
const ABOUT_SELF = /\b(?:my name|call me|i am|i'm|i live|i work|i like|i love|i adore|i enjoy)\b/i;

export const speaksOfSelf = (message: string) => ABOUT_SELF.test(message);
