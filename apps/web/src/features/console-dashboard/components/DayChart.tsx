import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the dashboard draws: bars and lines on a grid, with a tooltip and a legend.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface DaySeries {
  name: string;
  kind: 'bar' | 'line';
  values: readonly number[];
  /** Bars of one stack sit on each other (phones sold and renewed). */
  stack?: string;
}

/** Series per day, one x-axis label a day; what a value means is in its series' name. */
export function DayChart({
  days,
  series,
  testId,
  format = String,
}: {
  days: readonly string[];
  series: readonly DaySeries[];
  testId: string;
  format?: (value: number) => string;
}) {
  return (
    <div data-testid={testId}>
      <ReactEChartsCore
        echarts={echarts}
        style={{ height: 280 }}
        notMerge
        option={{
          animation: false,
          grid: { left: 56, right: 16, top: 36, bottom: 28 },
          legend: { top: 0 },
          tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => format(Number(value)) },
          xAxis: { type: 'category', data: days.map((day) => day.slice(5)) },
          yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (value: number) => format(value) } },
          series: series.map(({ name, kind, values, stack }) => ({ name, type: kind, stack, data: [...values] })),
        }}
      />
    </div>
  );
}
