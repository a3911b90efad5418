/** Injected into services so tests can move time (token expiry, throttling). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
