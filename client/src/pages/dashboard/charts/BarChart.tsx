// A grouped bar chart drawn as SVG: a value axis with round ticks and its title, a category axis
// (days, star values) with its labels and title, one colour per series that the legend repeats
// exactly (both are drawn from the same classes, which carry colours with enough contrast in the
// light and the dark theme). Right to left in Arabic, so the first category reads first. The chart
// is an image with a name; the table beside it holds every figure for reading and for screen readers.
import { useId } from 'react';
import { labelledIndexes, valueTicks } from './chartScale';

export interface ChartSeries {
  label: string;
  /** One value per category. */
  values: number[];
}

interface BarChartProps {
  /** What the chart shows ("Page views and Contact Us clicks per day"): its caption and its name. */
  title: string;
  categories: string[];
  /** The category's label under its bar group (shorter than the category, e.g. "3 Jun"). */
  categoryLabel: (index: number) => string;
  series: ChartSeries[];
  categoryTitle: string;
  valueTitle: string;
  /** Formats a number the way the page does (Latin digits in both languages). */
  formatNumber: (value: number) => string;
  rtl: boolean;
  /** The id of the text that points to the table beside the chart. */
  describedBy?: string;
}

const WIDTH = 720;
const HEIGHT = 280;
const MARGIN = { top: 12, end: 12, bottom: 56, start: 64 };

export function BarChart({ title, categories, categoryLabel, series, categoryTitle, valueTitle, formatNumber, rtl, describedBy }: BarChartProps) {
  const titleId = useId();
  const ticks = valueTicks(Math.max(0, ...series.flatMap((entry) => entry.values)));
  const top = ticks[ticks.length - 1];
  const plotWidth = WIDTH - MARGIN.start - MARGIN.end;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const group = plotWidth / Math.max(1, categories.length);
  const gap = Math.min(group * 0.2, 8);
  const bar = (group - gap) / Math.max(1, series.length);
  // Positions are computed left to right, then mirrored for a right-to-left reader.
  const x = (position: number) => (rtl ? WIDTH - position : position);
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const axisX = rtl ? WIDTH - MARGIN.start : MARGIN.start;
  const startAnchor = rtl ? 'start' : 'end';
  // The SVG runs left to right; a right-to-left word keeps its own order inside an isolate.
  const words = (text: string) => (rtl ? `\u2067${text}\u2069` : text);
  /** The first and the last labels hang inside the plot, so a long one is never cut at the edge. */
  const anchorOf = (index: number): 'start' | 'middle' | 'end' => {
    if (categories.length < 2 || (index > 0 && index < categories.length - 1)) return 'middle';
    return (index === 0) !== rtl ? 'start' : 'end';
  };
  const labelX = (index: number) => {
    if (anchorOf(index) === 'middle') return x(MARGIN.start + index * group + group / 2);
    return x(MARGIN.start + (index === 0 ? 0 : categories.length * group));
  };
  // As many category labels as fit side by side (about 7 units a character at this font size).
  const longest = Math.max(1, ...categories.map((_, index) => categoryLabel(index).length));
  const labelRoom = Math.max(2, Math.floor(plotWidth / (longest * 7 + 16)));

  return (
    <figure className="dash-chart-figure">
      <figcaption id={titleId} className="dash-chart-title">{title}</figcaption>
      <ul className="dash-legend">
        {series.map((entry, index) => (
          <li key={entry.label}>
            <svg width="14" height="14" aria-hidden="true" focusable="false"><rect width="14" height="14" className={`dash-series-${index + 1}`} /></svg>
            {' '}{entry.label}
          </li>
        ))}
      </ul>
      {/* Laid out left to right by hand (mirrored above for Arabic); words keep their own direction. */}
      <svg className="dash-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} aria-describedby={describedBy}
        preserveAspectRatio="xMidYMid meet" direction="ltr">
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="dash-chart-grid" x1={x(MARGIN.start)} x2={x(WIDTH - MARGIN.end)} y1={y(tick)} y2={y(tick)} />
            <text className="dash-chart-tick" x={axisX + (rtl ? 8 : -8)} y={y(tick)} textAnchor={startAnchor} dominantBaseline="middle">{formatNumber(tick)}</text>
          </g>
        ))}
        <line className="dash-chart-axis" x1={axisX} x2={axisX} y1={MARGIN.top} y2={MARGIN.top + plotHeight} />
        <line className="dash-chart-axis" x1={x(MARGIN.start)} x2={x(WIDTH - MARGIN.end)} y1={MARGIN.top + plotHeight} y2={MARGIN.top + plotHeight} />
        {categories.map((category, index) => (
          <g key={category}>
            {series.map((entry, which) => {
              const value = entry.values[index] ?? 0;
              const left = MARGIN.start + index * group + gap / 2 + which * bar;
              // A value above 0 stays visible however small beside the largest.
              const height = value > 0 ? Math.max(2, (value / top) * plotHeight) : 0;
              return (
                <rect key={entry.label} className={`dash-series-${which + 1}`} x={rtl ? x(left + bar) : left} y={MARGIN.top + plotHeight - height}
                  width={Math.max(0.5, bar)} height={height}>
                  <title>{`${category}: ${entry.label} ${formatNumber(value)}`}</title>
                </rect>
              );
            })}
          </g>
        ))}
        {labelledIndexes(categories.length, labelRoom).map((index) => (
          <text key={index} className="dash-chart-tick" x={labelX(index)} y={MARGIN.top + plotHeight + 18} textAnchor={anchorOf(index)}>
            {words(categoryLabel(index))}
          </text>
        ))}
        <text className="dash-chart-axis-title" x={x(MARGIN.start + plotWidth / 2)} y={HEIGHT - 8} textAnchor="middle">{words(categoryTitle)}</text>
        <text className="dash-chart-axis-title" textAnchor="middle"
          transform={`translate(${rtl ? WIDTH - 14 : 14} ${MARGIN.top + plotHeight / 2}) rotate(${rtl ? 90 : -90})`}>{words(valueTitle)}</text>
      </svg>
    </figure>
  );
}
