import { describe, expect, it } from 'vitest';
import { ShiftCounter, type KeyInput } from './shiftCounter';

const NO_MODIFIERS = { shiftKey: false, altKey: false, ctrlKey: false, metaKey: false };
const down = (key: string, modifiers: Partial<KeyInput> = {}): KeyInput => ({ type: 'keydown' as const, key, ...NO_MODIFIERS, ...modifiers });
const up = (key: string, modifiers: Partial<KeyInput> = {}): KeyInput => ({ type: 'keyup', key, ...NO_MODIFIERS, ...modifiers });

/** Shift pressed and released on its own (the keydown of Shift carries shiftKey: true). */
const shiftAlone = [down('Shift', { shiftKey: true }), up('Shift')];
/** A letter typed with Shift held, as a browser reports it. */
const shifted = (letter: string) => [down('Shift', { shiftKey: true }), down(letter, { shiftKey: true }), up(letter, { shiftKey: true }), up('Shift')];

function run(counter: ShiftCounter, events: KeyInput[], at = 0) {
  return events.map((event, i) => counter.handle(event, at + i));
}

describe('ShiftCounter (GOV.UK "Exit this page")', () => {
  it('exits on the third Shift pressed and released on its own', () => {
    const counter = new ShiftCounter();
    expect(run(counter, shiftAlone, 0)[1]).toEqual({ kind: 'counted', count: 1 });
    expect(run(counter, shiftAlone, 100)[1]).toEqual({ kind: 'counted', count: 2 });
    expect(run(counter, shiftAlone, 200)[1]).toEqual({ kind: 'exit' });
    // After an exit the count starts again.
    expect(run(counter, shiftAlone, 300)[1]).toEqual({ kind: 'counted', count: 1 });
  });

  it('never exits while capitals are typed: "Human Trafficking In Iraq"', () => {
    const counter = new ShiftCounter();
    const events: KeyInput[] = [];
    for (const char of 'Human Trafficking In Iraq') {
      if (char >= 'A' && char <= 'Z') events.push(...shifted(char));
      else events.push(down(char), up(char));
    }
    const outcomes = run(counter, events);
    expect(outcomes.some((o) => o.kind === 'counted' || o.kind === 'exit')).toBe(false);
  });

  it('never counts Arabic letters that need Shift (أ إ آ), even three in a row', () => {
    const counter = new ShiftCounter();
    const outcomes = run(counter, ['أ', 'إ', 'آ', 'أ'].flatMap(shifted));
    expect(outcomes.filter((o) => o.kind === 'counted' || o.kind === 'exit')).toEqual([]);
  });

  it('resets when Shift is released after the letter key was released (Shift up last) and when released first', () => {
    const counter = new ShiftCounter();
    run(counter, shiftAlone);
    run(counter, shiftAlone, 10);
    // Shift down, A down, Shift up, A up: Shift was used for a letter.
    const outcomes = run(counter, [down('Shift', { shiftKey: true }), down('A', { shiftKey: true }), up('Shift'), up('a')], 20);
    expect(outcomes[1]).toEqual({ kind: 'reset' });
    expect(outcomes.some((o) => o.kind === 'exit' || o.kind === 'counted')).toBe(false);
    expect(run(counter, shiftAlone, 40)[1]).toEqual({ kind: 'counted', count: 1 });
  });

  it('never counts Alt+Shift (switching the keyboard layout), in either order', () => {
    const counter = new ShiftCounter();
    const altFirst = [down('Alt', { altKey: true }), down('Shift', { altKey: true, shiftKey: true }), up('Shift', { altKey: true }), up('Alt')];
    const shiftFirst = [down('Shift', { shiftKey: true }), down('Alt', { altKey: true, shiftKey: true }), up('Alt', { shiftKey: true }), up('Shift')];
    const outcomes = run(counter, [...altFirst, ...shiftFirst, ...altFirst, ...shiftFirst]);
    expect(outcomes.filter((o) => o.kind === 'counted' || o.kind === 'exit')).toEqual([]);
  });

  it('never counts Ctrl+Shift or Meta+Shift', () => {
    const counter = new ShiftCounter();
    const ctrl = [down('Control', { ctrlKey: true }), down('Shift', { ctrlKey: true, shiftKey: true }), up('Shift', { ctrlKey: true }), up('Control')];
    const meta = [down('Meta', { metaKey: true }), down('Shift', { metaKey: true, shiftKey: true }), up('Shift', { metaKey: true }), up('Meta')];
    expect(run(counter, [...ctrl, ...ctrl, ...meta, ...meta]).filter((o) => o.kind !== 'none')).toEqual([]);
  });

  it('resets on any other key between Shift presses', () => {
    const counter = new ShiftCounter();
    run(counter, shiftAlone, 0);
    run(counter, shiftAlone, 10);
    expect(counter.handle(down('x'), 20)).toEqual({ kind: 'reset' });
    counter.handle(up('x'), 21);
    expect(run(counter, shiftAlone, 30)[1]).toEqual({ kind: 'counted', count: 1 });
  });

  it('ignores the keydown repeats of a held Shift but still counts its release', () => {
    const counter = new ShiftCounter();
    const held = [down('Shift', { shiftKey: true }), down('Shift', { shiftKey: true, repeat: true }), down('Shift', { shiftKey: true, repeat: true }), up('Shift')];
    expect(run(counter, held)[3]).toEqual({ kind: 'counted', count: 1 });
  });

  it('starts again when a press comes later than the window after the previous one', () => {
    const counter = new ShiftCounter(5_000);
    run(counter, shiftAlone, 0);
    run(counter, shiftAlone, 4_000);
    expect(run(counter, shiftAlone, 9_500)[1]).toEqual({ kind: 'counted', count: 1 });
    expect(run(counter, shiftAlone, 13_000)[1]).toEqual({ kind: 'counted', count: 2 });
    expect(run(counter, shiftAlone, 17_000)[1]).toEqual({ kind: 'exit' });
  });
});
