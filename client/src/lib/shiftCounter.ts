// The quick exit's keyboard trigger, following GOV.UK's "Exit this page": only Shift pressed and
// released on its own counts. Any other key, or Shift used with another key or modifier (a
// capital letter, an Arabic letter such as أ that needs Shift, Alt+Shift to switch layouts),
// resets the count, so typing never throws a visitor off the site. Three counted presses, each
// within the window of the one before, exit.
export const SHIFT_PRESSES = 3;
export const SHIFT_WINDOW_MS = 5_000;

/** The part of a KeyboardEvent the counter reads. */
export interface KeyInput {
  /** 'keydown' or 'keyup' (the counter listens to nothing else). */
  type: string;
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  repeat?: boolean;
}

/** What a key event did to the count. */
export type ShiftOutcome =
  | { kind: 'none' }
  | { kind: 'reset' }
  | { kind: 'counted'; count: number }
  | { kind: 'exit' };

const isShift = (event: KeyInput) => event.key === 'Shift';

export class ShiftCounter {
  private count = 0;
  private lastCountedAt = -Infinity;
  /** True between a Shift keydown with nothing else held and its keyup, while no other key came. */
  private shiftAlone = false;

  constructor(private readonly windowMs = SHIFT_WINDOW_MS) {}

  handle(event: KeyInput, now: number): ShiftOutcome {
    if (event.repeat) return { kind: 'none' }; // a held key repeats its keydown: nothing new
    if (event.type === 'keydown') {
      if (isShift(event) && !event.altKey && !event.ctrlKey && !event.metaKey) {
        this.shiftAlone = true;
        return { kind: 'none' };
      }
      return this.reset();
    }
    // keyup
    if (!isShift(event)) return this.reset();
    const alone = this.shiftAlone && !event.altKey && !event.ctrlKey && !event.metaKey;
    this.shiftAlone = false;
    if (!alone) return this.reset();
    if (now - this.lastCountedAt >= this.windowMs) this.count = 0;
    this.count += 1;
    this.lastCountedAt = now;
    if (this.count >= SHIFT_PRESSES) {
      this.count = 0;
      this.lastCountedAt = -Infinity;
      return { kind: 'exit' };
    }
    return { kind: 'counted', count: this.count };
  }

  private reset(): ShiftOutcome {
    this.shiftAlone = false;
    const hadCount = this.count > 0;
    this.count = 0;
    this.lastCountedAt = -Infinity;
    return hadCount ? { kind: 'reset' } : { kind: 'none' };
  }
}
