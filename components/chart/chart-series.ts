/** One line of a TimeChart. */
export interface TimeChartSeries {
  /** Shown in the chart's legend: "Lowest price". */
  name: string;
  /**
   * The CSS custom property holding the line colour ("--chart-series-1"), read when drawing
   * and again when the colour scheme changes, so a dark theme gets its own colours.
   */
  colour: string;
}

/** Custom properties for the axes and grid lines (see time-chart.css). */
export const CHART_AXIS_COLOUR = '--chart-axis';
export const CHART_GRID_COLOUR = '--chart-grid';

/** How the y axis is scaled: plain, counts (whole-number ticks), or log (series far apart). */
export type YScale = 'linear' | 'count' | 'log';
