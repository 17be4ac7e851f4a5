// The quick exit's keyboard trigger: Shift pressed three times within a few seconds.
export const SHIFT_PRESSES = 3;
export const SHIFT_WINDOW_MS = 5_000;

/** Returns how many Shift presses count now (presses older than the window are forgotten). */
export function countShiftPresses(previous: number[], now: number, windowMs = SHIFT_WINDOW_MS): number[] {
  return [...previous.filter((time) => now - time < windowMs), now];
}
