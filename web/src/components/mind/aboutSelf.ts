// Whether a message says something about its sender: the server's own test, from the shared
// package, which decides whether an agent is asked for notes at all. The memory panel watches
// for a new note only after such a message; after any other, it reads the notes once.
export { speaksOfSelf } from "@nomina/shared/mind";
