// Every row's id is a UUID (v7): a key that is no UUID names no row, and is never sent to the
// database (where it would be an error, not an empty answer).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);
