/** The time the host sees; tests replace it to run lifecycles without waiting. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
