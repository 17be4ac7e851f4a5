// The numbers behind a bar chart's axes: round ticks for the values, and which categories get a
// label when there are too many to name each (a year of days).

/** Up to about `count` round ticks from 0 to at least `max`: steps of 1, 2 or 5 times a power of ten. */
export function valueTicks(max: number, count = 5): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power;
  const whole = Math.max(1, Math.ceil(step));
  const top = Math.ceil(max / whole) * whole;
  return Array.from({ length: top / whole + 1 }, (_, index) => index * whole);
}

/** The indexes of the categories to label: at most `most`, evenly spread, the last one always. */
export function labelledIndexes(total: number, most = 8): number[] {
  if (total <= most) return Array.from({ length: total }, (_, index) => index);
  const every = Math.ceil(total / most);
  const picked = Array.from({ length: total }, (_, index) => index).filter((index) => index % every === 0);
  // The last category is named (its label hangs inward from the plot's end, a whole step wide); a
  // label less than a step before it is dropped so the two do not overlap.
  if (picked[picked.length - 1] !== total - 1) {
    if (total - 1 - picked[picked.length - 1] < every) picked.pop();
    picked.push(total - 1);
  }
  return picked;
}
