// Which ticks are labelled and how numbers and times are written on them: ticks.ts (issue 35),
// loaded with uPlot (draw-chart.ts), not with TimeChart.

/** Between a y label and the plot: uPlot's tick (10 px) and gap (5 px), and a little air. */
const AXIS_LABEL_ROOM = 18;
/** The x axis's height: uPlot's tick (10 px) and gap (5 px), a 12 px label's line, a little air. */
export const X_AXIS_SIZE = 32;
/** An axis never narrower than uPlot's default. */
export const MIN_AXIS_SIZE = 40;

/** The y axis's width for labels this wide (px): the widest fits, so none is clipped. */
export function axisSize(labelWidths: readonly number[]): number {
  return Math.max(MIN_AXIS_SIZE, Math.ceil(Math.max(0, ...labelWidths)) + AXIS_LABEL_ROOM);
}

/** The time under the crosshair ("15 Jan, 14:05"), in the UI language. */
export function cursorTimeFormat(locale: string): (ms: number) => string {
  const dateTime = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (ms) => dateTime.format(ms);
}
