// The time, as the rules see it: sessions expire and daily quotas turn at midnight UTC by this
// clock, so tests move it forward instead of sleeping.
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
